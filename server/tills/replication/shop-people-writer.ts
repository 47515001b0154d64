import { commitGroupOf } from '../../data/commit-group.js';
import type { Database } from '../../data/database.js';
import type { PersonVersion, ShopPeopleRepository } from '../../data/repositories/shop-people.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import { writeTransaction } from '../../data/write-transaction.js';
import {
  asReplicaDocument,
  isLaterChange,
  isPersonDocument,
  roleDocumentId,
  settingsDocumentId,
  userDocumentId,
  type PersonDocument,
  type TillStamp,
} from './documents.js';
import type { ReplicaDatabase } from './pouch.js';
import { SHOP_SETTINGS, settingsContentKey, shopValues } from './shop-settings.js';

/** How far the audit trail has been read for changed users and roles (replica_state). */
const AUDIT_KEY = 'people_audit_through';

/**
 * How often the audit trail is looked at. Users and roles change a few times a day, through the
 * managers' screens or the API, which write their audit entry in the change's own transaction:
 * one indexed read twice a second finds them without any hook into the services that change them.
 */
const POLL_MS = 500;

/** What ShopPeopleWriter is built from. */
export interface ShopPeopleWriterParts {
  db: Database;
  people: ShopPeopleRepository;
  replica: ShopReplicaRepository;
  local: ReplicaDatabase;
  till: () => TillStamp;
  /** A write to the replica failed: what is unwritten stays marked so in SQLite and goes at the next turn. */
  failed: (error: unknown) => void;
}

/**
 * The shop's users and roles as this till changes them, into its replica (docs/several-tills.md,
 * "The shop's people"). Every change of a user or role writes an audit entry in its own transaction
 * (domain/users/user-management.ts), so the audit trail is the feed: each entry after where the
 * writer stands marks its user or role unwritten, stamped with the entry's time and this till, and
 * the writer then puts the row's current state as its document. The marks are in SQLite, so a
 * crash between the two loses nothing. A change that came from another till writes no audit entry
 * (shop-people-projection.ts), so it is never sent back as this till's own. The shop's settings
 * sections (shop-settings.ts) go the same way, found changed by comparing instead.
 */
export class ShopPeopleWriter {
  private readonly parts: ShopPeopleWriterParts;
  private timer: NodeJS.Timeout | undefined;
  /** The set-up's version when the settings were last compared with what was written. */
  private settingsSeen: number | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(parts: ShopPeopleWriterParts) {
    this.parts = parts;
  }

  /** Writes what is unwritten (on the first start in a shop: every user and role), then follows the audit trail. */
  async start(): Promise<void> {
    this.timer = setInterval(() => {
      void this.turn();
    }, POLL_MS);
    this.timer.unref();
    await this.turn();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * Marks the users and roles changed here since the last call (synchronous, in the caller's
   * transaction or its own). The projection calls it before it compares a peer's change with this
   * till's: a change made here a moment ago must count, even before this writer's next turn.
   */
  collect(): void {
    this.collectSettings();
    const { people, replica } = this.parts;
    const since = replica.state(AUDIT_KEY);
    const through = people.lastAuditId();
    if (since === undefined) {
      this.markEverything(through);
      return;
    }
    // Sales write audit entries too: while no user or role changed, where the writer stands is not
    // written (one write lock less every half second while selling). The next read starts from
    // there again, through the audit trail's index on its object: its user and role entries only.
    if (through <= Number(since) || people.changesBetween(Number(since), through).length === 0) return;
    writeTransaction(this.parts.db, () => {
      const self = this.parts.till().id;
      for (const change of people.changesBetween(Number(since), through)) {
        const docId = change.object_type === 'user' ? userDocumentId(change.name) : roleDocumentId(change.name);
        people.setVersion(docId, { modified_gmt: change.timestamp, till_id: self }, true);
      }
      replica.setState(AUDIT_KEY, String(through));
    });
  }

  /**
   * Settings changes write no audit entry: a shop section whose values differ from what was last
   * written or applied here is marked changed now, by this till. Compared only when the set-up's
   * version has moved (a write to settings, stores, taxes, ...), so a turn with none reads one row.
   * On the first start in a shop each section is stamped '', as the users are.
   */
  private collectSettings(): void {
    const { people, replica } = this.parts;
    const version = people.configVersion();
    if (version === this.settingsSeen) return;
    const changed = [...SHOP_SETTINGS.keys()]
      .map((section) => ({ section, content: JSON.stringify(shopValues(section, people.settings(section))) }))
      .filter(({ section, content }) => replica.state(settingsContentKey(section)) !== content);
    if (changed.length > 0) {
      writeTransaction(this.parts.db, () => {
        const self = this.parts.till().id;
        for (const { section, content } of changed) {
          const first = replica.state(settingsContentKey(section)) === undefined;
          people.setVersion(settingsDocumentId(section), { modified_gmt: first ? '' : new Date().toISOString(), till_id: self }, true);
          replica.setState(settingsContentKey(section), content);
        }
      });
    }
    this.settingsSeen = people.configVersion();
  }

  /**
   * The first start in a shop: every user and role as this till has it, stamped '' (before any
   * change made in the shop), so it fills a till that lacks it and overrides no one's.
   */
  private markEverything(through: number): void {
    const { people, replica } = this.parts;
    writeTransaction(this.parts.db, () => {
      const self = this.parts.till().id;
      const mark = (docId: string) => {
        if (people.version(docId) === undefined) people.setVersion(docId, { modified_gmt: '', till_id: self }, true);
      };
      for (const username of people.usernames()) mark(userDocumentId(username));
      for (const name of people.roleNames()) mark(roleDocumentId(name));
      replica.setState(AUDIT_KEY, String(through));
    });
  }

  private turn(): Promise<void> {
    if (this.stopped || this.running !== undefined) return this.running ?? Promise.resolve();
    this.running = this.collectAndWrite()
      .catch((error: unknown) => {
        this.parts.failed(error);
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async collectAndWrite(): Promise<void> {
    this.collect();
    // What is put in the replica travels to every till: only what is committed here.
    await new Promise<void>((resolve) => {
      const group = commitGroupOf(this.parts.db);
      if (group === undefined) resolve();
      else
        group.whenCommitted(() => {
          resolve();
        });
    });
    for (const docId of this.parts.people.unwritten()) {
      if (this.stopped) return;
      await this.write(docId);
    }
  }

  private async write(docId: string): Promise<void> {
    const { people, local } = this.parts;
    const version = people.version(docId);
    if (version?.unwritten !== true) return;
    const doc = this.documentOf(docId, version);
    if (doc === undefined) {
      // Removed since (`tillbase users remove`): removals are not replicated, there is nothing to write.
      people.written(docId, version);
      return;
    }
    const current = asReplicaDocument(await local.get(docId).catch(() => undefined));
    if (isPersonDocument(current)) {
      // The replica holds this change already (written before a crash) or a later one from a peer,
      // which the projection applies: put over it, the older change would hide it from a new till.
      if (!isLaterChange(version, { modified_gmt: current.modified_gmt, till_id: current.till.id })) {
        people.written(docId, version);
        return;
      }
      if (current._rev !== undefined) doc._rev = current._rev;
    }
    // A peer's revision arriving between the read and the put makes it a 409: thrown, and tried again next turn.
    await local.put(doc);
    people.written(docId, version);
  }

  private documentOf(docId: string, version: PersonVersion): PersonDocument | undefined {
    const { people } = this.parts;
    const stamp = { _id: docId, till: this.parts.till(), modified_gmt: version.modified_gmt };
    if (docId.startsWith('settings:')) {
      const section = docId.slice('settings:'.length);
      return { ...stamp, type: 'settings', section, values: shopValues(section, people.settings(section)) };
    }
    if (docId.startsWith('user:')) {
      const user = people.user(docId.slice('user:'.length));
      return user === undefined ? undefined : { ...stamp, type: 'user', ...user };
    }
    const role = people.role(docId.slice('role:'.length));
    return role === undefined ? undefined : { ...stamp, type: 'role', ...role };
  }
}
