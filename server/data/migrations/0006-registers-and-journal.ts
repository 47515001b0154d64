import type { Migration } from './migration.js';

/**
 * Registers (tills) with their cash sessions, the tenders of split payments and refunds, Z closures
 * and the sales journal.
 *
 * The journal is what a later sync to a central store reads: each entry has a stable id (a UUID),
 * a gap-free sequence per register and a SHA-256 hash chained to the register's previous entry.
 * Rows are never rewritten: triggers refuse UPDATE and DELETE, so a reader that remembers the last
 * sequence it took per register reads every entry exactly once, in order. Reprints are counted
 * beside it (`journal_reads`), never in it.
 *
 * `require_open_session` is a store field. A database that already sold before this step keeps
 * selling without a drawer (its stores get the field off); a fresh database's default store gets
 * it on. Every existing store gets one register, and every role the capability `handle_cash`.
 */
export const migration: Migration = {
  version: 6,
  name: 'registers-and-journal',
  up(db) {
    db.exec(`
      CREATE TABLE registers (
        id INTEGER PRIMARY KEY,
        store_id INTEGER NOT NULL REFERENCES stores(id),
        name TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL
      );
      CREATE INDEX registers_store ON registers(store_id, id);

      CREATE TABLE cash_sessions (
        id INTEGER PRIMARY KEY,
        uuid TEXT NOT NULL UNIQUE,
        register_id INTEGER NOT NULL REFERENCES registers(id),
        opened_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
        opening_float TEXT NOT NULL,
        opening_note TEXT NOT NULL DEFAULT '',
        date_opened_gmt TEXT NOT NULL,
        closed_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
        counted_cash TEXT,
        closing_note TEXT NOT NULL DEFAULT '',
        date_closed_gmt TEXT
      );
      -- One open session per register, whatever the code above it does.
      CREATE UNIQUE INDEX cash_sessions_open ON cash_sessions(register_id) WHERE date_closed_gmt IS NULL;

      CREATE TABLE cash_movements (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES cash_sessions(id),
        type TEXT NOT NULL CHECK (type IN ('in', 'out')),
        amount TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        date_created_gmt TEXT NOT NULL
      );
      CREATE INDEX cash_movements_session ON cash_movements(session_id, id);

      -- Which till an order was rung up on and which drawer took its money.
      CREATE TABLE order_tills (
        order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        register_id INTEGER NOT NULL REFERENCES registers(id),
        session_id INTEGER REFERENCES cash_sessions(id)
      );
      CREATE INDEX order_tills_register ON order_tills(register_id, order_id);
      CREATE INDEX order_tills_session ON order_tills(session_id, order_id);

      -- One row per tender of an order: 'amount' is what counts toward the order; cash also keeps
      -- what was handed over and the change given back.
      CREATE TABLE payments (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        checkout_id TEXT,
        gateway_id TEXT NOT NULL,
        gateway_title TEXT NOT NULL DEFAULT '',
        amount TEXT NOT NULL,
        tendered TEXT,
        change TEXT NOT NULL DEFAULT '0',
        transaction_id TEXT NOT NULL DEFAULT '',
        register_id INTEGER REFERENCES registers(id),
        session_id INTEGER REFERENCES cash_sessions(id),
        user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        date_created_gmt TEXT NOT NULL
      );
      CREATE INDEX payments_order ON payments(order_id, id);
      CREATE INDEX payments_session ON payments(session_id, gateway_id);

      -- The tender each refund gave money back through.
      CREATE TABLE refund_tenders (
        refund_id INTEGER PRIMARY KEY REFERENCES refunds(id) ON DELETE CASCADE,
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        gateway_id TEXT NOT NULL,
        amount TEXT NOT NULL,
        register_id INTEGER REFERENCES registers(id),
        session_id INTEGER REFERENCES cash_sessions(id),
        date_created_gmt TEXT NOT NULL
      );
      CREATE INDEX refund_tenders_order ON refund_tenders(order_id, gateway_id);
      CREATE INDEX refund_tenders_session ON refund_tenders(session_id, gateway_id);

      CREATE TABLE closures (
        id INTEGER PRIMARY KEY,
        register_id INTEGER NOT NULL REFERENCES registers(id),
        session_id INTEGER NOT NULL UNIQUE REFERENCES cash_sessions(id),
        z_number INTEGER NOT NULL,
        report TEXT NOT NULL,
        closed_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
        date_closed_gmt TEXT NOT NULL,
        UNIQUE (register_id, z_number)
      );
      CREATE TRIGGER closures_append_only_update BEFORE UPDATE ON closures BEGIN SELECT RAISE(ABORT, 'Z closures are never changed'); END;
      CREATE TRIGGER closures_append_only_delete BEFORE DELETE ON closures BEGIN SELECT RAISE(ABORT, 'Z closures are never deleted'); END;

      -- No foreign keys to orders or refunds: a cascade must never reach the journal.
      CREATE TABLE journal (
        id TEXT PRIMARY KEY,
        register_id INTEGER NOT NULL,
        sequence INTEGER NOT NULL CHECK (sequence > 0),
        kind TEXT NOT NULL CHECK (kind IN ('sale', 'refund', 'closure')),
        session_id INTEGER,
        order_id INTEGER,
        refund_id INTEGER,
        closure_id INTEGER,
        payload TEXT NOT NULL,
        previous_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        date_created_gmt TEXT NOT NULL,
        UNIQUE (register_id, sequence)
      );
      CREATE INDEX journal_order ON journal(order_id, kind);
      CREATE INDEX journal_session ON journal(session_id, sequence);
      CREATE TRIGGER journal_append_only_update BEFORE UPDATE ON journal BEGIN SELECT RAISE(ABORT, 'the sales journal is append-only'); END;
      CREATE TRIGGER journal_append_only_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'the sales journal is append-only'); END;

      CREATE TABLE journal_reads (
        entry_id TEXT PRIMARY KEY REFERENCES journal(id),
        reads INTEGER NOT NULL DEFAULT 0
      );
    `);

    const now = new Date().toISOString().slice(0, 19);
    const stores = db.prepare<[], { id: number; fields: string }>('SELECT id, fields FROM stores ORDER BY id').all();
    const addRegister = db.prepare('INSERT INTO registers (store_id, name, date_created_gmt, date_modified_gmt) VALUES (?, ?, ?, ?)');
    const setFields = db.prepare('UPDATE stores SET fields = ? WHERE id = ?');
    const fresh = (db.prepare<[], { n: number }>('SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM orders) AS n').get()?.n ?? 0) === 0;
    for (const store of stores) {
      addRegister.run(store.id, 'Register 1', now, now);
      const fields = JSON.parse(store.fields) as Record<string, unknown>;
      fields.require_open_session = fresh;
      setFields.run(JSON.stringify(fields), store.id);
    }
    const grant = db.prepare('INSERT OR IGNORE INTO role_capabilities (role, capability) SELECT name, ? FROM roles WHERE name = ?');
    for (const role of ['administrator', 'shop_manager', 'cashier']) grant.run('handle_cash', role);
  },
};
