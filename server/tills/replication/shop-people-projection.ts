import type { Database } from '../../data/database.js';
import type { PersonVersion, ShopPeopleRepository } from '../../data/repositories/shop-people.js';
import type { SessionsRepository } from '../../data/repositories/sessions.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { asReplicaDocument, isLaterChange, isPersonDocument, isPersonDocumentId, type PersonDocument } from './documents.js';
import type { ChangeRow, ChangesFeed, ReplicaDatabase } from './pouch.js';
import { SHOP_SETTINGS, settingsContentKey, shopValues } from './shop-settings.js';

/** Where this projection stands in the replica's changes (replica_state). */
const SINCE_KEY = 'people_projected_since';

/** What ShopPeopleProjection is built from. */
export interface ShopPeopleProjectionParts {
  db: Database;
  people: ShopPeopleRepository;
  replica: ShopReplicaRepository;
  sessions: SessionsRepository;
  local: ReplicaDatabase;
  /** Marks this till's own changes not yet marked (ShopPeopleWriter.collect), so they count in the comparison. */
  collectLocal: () => void;
  refused: (id: string, reason: string) => void;
}

/** What a person document did to SQLite. */
export type PersonProjected = 'applied' | 'older' | 'kept';

const versionOf = (doc: PersonDocument): PersonVersion => ({ modified_gmt: doc.modified_gmt, till_id: doc.till.id });

/**
 * The shop's users and roles from the replica into SQLite (docs/several-tills.md, "The shop's
 * people"), last writer wins. Two tills that change the same user while apart each make a revision
 * of its document, and PouchDB shows one of them everywhere, chosen by its revision, not by when
 * the change was made: so every leaf revision is read, and the one changed last (then by the higher
 * till id) is the one applied, on every till alike. It is applied only when it is later than the
 * change the row here stands at, so the same document twice, or this till's own, changes nothing,
 * and it is written without an audit entry, so the writer never sends it back.
 */
export class ShopPeopleProjection {
  private readonly parts: ShopPeopleProjectionParts;
  private feed: ChangesFeed | undefined;
  private queue: Promise<void> = Promise.resolve();
  private lastSeq: number | string | undefined;

  constructor(parts: ShopPeopleProjectionParts) {
    this.parts = parts;
  }

  start(): void {
    const { replica, local } = this.parts;
    // Without the documents: the sales' entries go by in this feed as well, and only the ids are needed to pass them.
    this.feed = local
      .changes({ live: true, since: replica.state(SINCE_KEY) ?? 0, include_docs: false, style: 'all_docs' })
      .on('change', (change) => {
        this.lastSeq = change.seq;
        if (isPersonDocumentId(change.id)) this.queue = this.queue.then(() => this.take(change));
      })
      .on('error', (error) => {
        this.parts.refused('changes', error instanceof Error ? error.message : String(error));
      });
  }

  /** Stops following, once what is queued is projected; keeps where the feed stands (past the entries too). */
  async stop(): Promise<void> {
    this.feed?.cancel();
    this.feed = undefined;
    await this.queue;
    const { lastSeq } = this;
    if (lastSeq !== undefined)
      writeTransaction(this.parts.db, () => {
        this.parts.replica.setState(SINCE_KEY, String(lastSeq));
      });
  }

  private async take(change: ChangeRow): Promise<void> {
    try {
      const leaves = await this.parts.local.get(change.id, { open_revs: 'all' });
      const candidates = leaves
        .map((leaf) => (leaf.ok === undefined || (leaf.ok as { _deleted?: boolean })._deleted === true ? undefined : asReplicaDocument(leaf.ok)))
        .filter(isPersonDocument);
      const latest = candidates.reduce<PersonDocument | undefined>(
        (best, doc) => (best === undefined || isLaterChange(versionOf(doc), versionOf(best)) ? doc : best),
        undefined,
      );
      // Read first, outside any write: a document that changes nothing here (this till's own, one held
      // already, a first copy of a user this till has) takes no write lock. Where the feed stands is
      // kept with what is applied, and when the projection stops; after a crash the documents since
      // come again and change nothing.
      if (latest === undefined || this.verdict(latest) !== 'apply') return;
      writeTransaction(this.parts.db, () => {
        this.project(latest);
        this.parts.replica.setState(SINCE_KEY, String(change.seq));
      });
    } catch (error) {
      // A user whose email another user here has already, and the like: left out, and said so.
      this.parts.refused(change.id, error instanceof Error ? error.message : String(error));
    }
  }

  /** Applies one person document when it holds a later change than the row here (in the caller's transaction, or its own). */
  project(doc: PersonDocument): PersonProjected {
    const { people } = this.parts;
    return writeTransaction(this.parts.db, (): PersonProjected => {
      const verdict = this.verdict(doc);
      if (verdict !== 'apply') return verdict;
      if (doc.type === 'role') people.putRole({ name: doc.name, label: doc.label, capabilities: doc.capabilities });
      else if (doc.type === 'settings') this.putSettings(doc);
      else this.putUser(doc);
      people.setVersion(doc._id, versionOf(doc), false);
      return 'applied';
    });
  }

  /** Whether the document's change is later than the row's here, this till's own changes marked first. */
  private verdict(doc: PersonDocument): 'apply' | 'older' | 'kept' {
    const { people } = this.parts;
    this.parts.collectLocal();
    // A settings section is always there (its keys have defaults); a section this till does not share is never taken.
    if (doc.type === 'settings' && !SHOP_SETTINGS.has(doc.section)) return 'kept';
    const exists = doc.type === 'settings' || (doc.type === 'user' ? people.user(doc.username) !== undefined : people.role(doc.name) !== undefined);
    // What a till had before it joined the shop fills a gap and overrides nothing: two tills' demo
    // "cashier" each keep their own password until one of them is changed in the shop.
    if (doc.modified_gmt === '' && exists) return 'kept';
    const current = people.version(doc._id);
    if (exists && current !== undefined && !isLaterChange(versionOf(doc), current)) return 'older';
    return 'apply';
  }

  /** The section's shop keys as the document has them; what was applied is what the writer compares with, so it is not sent back. */
  private putSettings(doc: PersonDocument & { type: 'settings' }): void {
    const values = shopValues(doc.section, doc.values);
    this.parts.people.putSettings(doc.section, values, SHOP_SETTINGS.get(doc.section) ?? []);
    this.parts.replica.setState(settingsContentKey(doc.section), JSON.stringify(values));
  }

  private putUser(doc: PersonDocument & { type: 'user' }): void {
    const { id, before } = this.parts.people.putUser({
      username: doc.username,
      display_name: doc.display_name,
      email: doc.email,
      first_name: doc.first_name,
      last_name: doc.last_name,
      roles: doc.roles,
      password_hash: doc.password_hash,
      pin_hash: doc.pin_hash,
      disabled_at: doc.disabled_at,
    });
    if (before === undefined) return;
    // As when the change is made here (user-management.ts): disabling, or a new password, ends the user's sessions on this till too.
    const now = Math.floor(Date.now() / 1000);
    if (doc.disabled_at !== null && before.disabled_at === null) this.parts.sessions.revokeAllForUser(id, now, 'user_disabled');
    else if (doc.password_hash !== before.password_hash) this.parts.sessions.revokeAllForUser(id, now, 'password_changed');
  }
}
