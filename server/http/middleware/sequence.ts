import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware run one after the other as one step of Express's router: what every request passes
 * through costs one router turn instead of one each. A handler that answers (a CORS preflight)
 * or passes an error ends the sequence, as it would end the router's.
 */
export function inSequence(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== 'route') {
        next(error);
        return;
      }
      const handler = handlers[index++];
      if (handler === undefined) {
        next();
        return;
      }
      void handler(req, res, step);
    };
    step();
  };
}
