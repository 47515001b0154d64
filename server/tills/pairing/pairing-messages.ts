import { z } from 'zod';

/** The wire of pairing (both tills run the same code): zod at both edges. */
const decimal = z.string().regex(/^\d{1,2000}$/);
export const sealedSchema = z.object({ iv: z.string().max(64), data: z.string().max(200_000), tag: z.string().max(64) });

/** POST /pairing/v1/start answers the open invitation's salt and the host's SRP value B, for one guess. */
export const startAnswerSchema = z.object({ session: z.string().max(64), salt: decimal, B: decimal });

/** POST /pairing/v1/finish: the joiner's SRP values and its request, sealed under the session key. */
export const finishBodySchema = z.object({ session: z.string().max(64), A: decimal, M1: decimal, request: sealedSchema });
export const finishAnswerSchema = z.object({ M2: decimal, membership: sealedSchema });

/** What the joiner asks, inside the seal. */
export const joinRequestSchema = z.object({
  till_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  name: z.string().trim().min(1).max(40).optional(),
  public_key: z.string().max(2000),
  address: z.string().max(300),
  /**
   * `peers restore`: the joiner takes the place of a paired till that died (the one named, or the
   * only paired till not heard from lately); `till_id` above is then ignored, and an empty address
   * keeps the dead till's.
   */
  restore: z
    .object({
      till_id: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/)
        .optional(),
    })
    .optional(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

const memberSchema = z.object({ id: z.string().max(64), name: z.string().max(40), address: z.string().max(300), serial: z.string().max(64) });

/** What the host hands over, inside the seal. */
export const membershipSchema = z.object({
  name: z.string().max(40),
  certificate: z.string().max(10_000),
  ca_certificate: z.string().max(10_000),
  ca_key: z.string().max(10_000),
  members: z.array(memberSchema).max(500),
});

/** The error body of the pairing listener, WordPress-shaped as the API's. */
export const pairingErrorSchema = z.object({ code: z.string(), message: z.string() });
