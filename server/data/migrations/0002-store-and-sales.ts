import type { Migration } from './migration.js';

/**
 * Stores and settings, the catalogue, taxes, customers, coupons, orders with their items,
 * checkouts, refunds, payment gateways, shipping methods, receipt templates and extensions.
 * Money is stored as exact decimal strings and computed with decimal arithmetic, never as REAL.
 */
export const migration: Migration = {
  version: 2,
  name: 'store-and-sales',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        section TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (section, key)
      ) WITHOUT ROWID;

      -- The store fields of wcpos-reference.md beyond id and name live in 'fields' as JSON,
      -- read through the store schema, which supplies the defaults.
      CREATE TABLE stores (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        fields TEXT NOT NULL DEFAULT '{}',
        meta_data TEXT NOT NULL DEFAULT '[]',
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL
      );

      -- Products and their variations share one table (as WooCommerce's posts do), so that a SKU
      -- is unique across both and a barcode scan finds either.
      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        parent_id INTEGER NOT NULL DEFAULT 0,
        type TEXT NOT NULL CHECK (type IN ('simple', 'grouped', 'external', 'variable', 'variation')),
        name TEXT NOT NULL,
        slug TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'publish',
        featured INTEGER NOT NULL DEFAULT 0,
        catalog_visibility TEXT NOT NULL DEFAULT 'visible',
        description TEXT NOT NULL DEFAULT '',
        short_description TEXT NOT NULL DEFAULT '',
        sku TEXT UNIQUE,
        barcode TEXT,
        regular_price TEXT NOT NULL DEFAULT '',
        sale_price TEXT NOT NULL DEFAULT '',
        date_on_sale_from_gmt TEXT,
        date_on_sale_to_gmt TEXT,
        virtual INTEGER NOT NULL DEFAULT 0,
        tax_status TEXT NOT NULL DEFAULT 'taxable' CHECK (tax_status IN ('taxable', 'shipping', 'none')),
        tax_class TEXT NOT NULL DEFAULT '',
        manage_stock INTEGER NOT NULL DEFAULT 0,
        stock_quantity INTEGER,
        stock_status TEXT NOT NULL DEFAULT 'instock' CHECK (stock_status IN ('instock', 'outofstock', 'onbackorder')),
        backorders TEXT NOT NULL DEFAULT 'no' CHECK (backorders IN ('no', 'notify', 'yes')),
        sold_individually INTEGER NOT NULL DEFAULT 0,
        weight TEXT NOT NULL DEFAULT '',
        menu_order INTEGER NOT NULL DEFAULT 0,
        total_sales INTEGER NOT NULL DEFAULT 0,
        attributes TEXT NOT NULL DEFAULT '[]',
        default_attributes TEXT NOT NULL DEFAULT '[]',
        images TEXT NOT NULL DEFAULT '[]',
        meta_data TEXT NOT NULL DEFAULT '[]',
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL
      );
      CREATE INDEX products_parent ON products(parent_id, type);
      CREATE INDEX products_barcode ON products(barcode);
      CREATE INDEX products_modified ON products(date_modified_gmt);
      CREATE INDEX products_name ON products(name COLLATE NOCASE);

      CREATE TABLE terms (
        id INTEGER PRIMARY KEY,
        taxonomy TEXT NOT NULL CHECK (taxonomy IN ('product_cat', 'product_tag', 'product_brand')),
        name TEXT NOT NULL,
        slug TEXT NOT NULL,
        parent INTEGER NOT NULL DEFAULT 0,
        description TEXT NOT NULL DEFAULT '',
        menu_order INTEGER NOT NULL DEFAULT 0,
        UNIQUE (taxonomy, slug)
      );
      CREATE TABLE product_terms (
        product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        term_id INTEGER NOT NULL REFERENCES terms(id) ON DELETE CASCADE,
        PRIMARY KEY (product_id, term_id)
      ) WITHOUT ROWID;
      CREATE INDEX product_terms_term ON product_terms(term_id, product_id);

      CREATE TABLE tax_classes (
        slug TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        position INTEGER NOT NULL
      );
      CREATE TABLE tax_rates (
        id INTEGER PRIMARY KEY,
        country TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT '',
        postcodes TEXT NOT NULL DEFAULT '[]',
        cities TEXT NOT NULL DEFAULT '[]',
        rate TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT 'Tax',
        priority INTEGER NOT NULL DEFAULT 1,
        compound INTEGER NOT NULL DEFAULT 0,
        shipping INTEGER NOT NULL DEFAULT 1,
        rate_order INTEGER NOT NULL DEFAULT 0,
        class TEXT NOT NULL DEFAULT 'standard' REFERENCES tax_classes(slug) ON UPDATE CASCADE
      );

      CREATE TABLE customers (
        id INTEGER PRIMARY KEY,
        uuid TEXT UNIQUE,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        username TEXT UNIQUE COLLATE NOCASE,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        billing TEXT NOT NULL DEFAULT '{}',
        shipping TEXT NOT NULL DEFAULT '{}',
        is_paying_customer INTEGER NOT NULL DEFAULT 0,
        meta_data TEXT NOT NULL DEFAULT '[]',
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL
      );
      CREATE INDEX customers_name ON customers(last_name COLLATE NOCASE, first_name COLLATE NOCASE);

      CREATE TABLE coupons (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE COLLATE NOCASE,
        amount TEXT NOT NULL DEFAULT '0',
        discount_type TEXT NOT NULL DEFAULT 'fixed_cart' CHECK (discount_type IN ('percent', 'fixed_cart', 'fixed_product')),
        status TEXT NOT NULL DEFAULT 'publish',
        description TEXT NOT NULL DEFAULT '',
        date_expires_gmt TEXT,
        usage_count INTEGER NOT NULL DEFAULT 0,
        individual_use INTEGER NOT NULL DEFAULT 0,
        product_ids TEXT NOT NULL DEFAULT '[]',
        excluded_product_ids TEXT NOT NULL DEFAULT '[]',
        product_categories TEXT NOT NULL DEFAULT '[]',
        excluded_product_categories TEXT NOT NULL DEFAULT '[]',
        usage_limit INTEGER,
        usage_limit_per_user INTEGER,
        limit_usage_to_x_items INTEGER,
        free_shipping INTEGER NOT NULL DEFAULT 0,
        exclude_sale_items INTEGER NOT NULL DEFAULT 0,
        minimum_amount TEXT NOT NULL DEFAULT '',
        maximum_amount TEXT NOT NULL DEFAULT '',
        email_restrictions TEXT NOT NULL DEFAULT '[]',
        used_by TEXT NOT NULL DEFAULT '[]',
        meta_data TEXT NOT NULL DEFAULT '[]',
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL
      );

      CREATE TABLE order_statuses (
        status TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        position INTEGER NOT NULL,
        is_editable INTEGER NOT NULL DEFAULT 0,
        is_paid INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        parent_id INTEGER NOT NULL DEFAULT 0,
        uuid TEXT UNIQUE,
        order_key TEXT NOT NULL,
        status TEXT NOT NULL REFERENCES order_statuses(status),
        currency TEXT NOT NULL,
        prices_include_tax INTEGER NOT NULL DEFAULT 0,
        customer_id INTEGER NOT NULL DEFAULT 0,
        billing TEXT NOT NULL DEFAULT '{}',
        shipping TEXT NOT NULL DEFAULT '{}',
        payment_method TEXT NOT NULL DEFAULT '',
        payment_method_title TEXT NOT NULL DEFAULT '',
        transaction_id TEXT NOT NULL DEFAULT '',
        customer_note TEXT NOT NULL DEFAULT '',
        created_via TEXT NOT NULL DEFAULT 'pos',
        store_id INTEGER REFERENCES stores(id),
        cashier_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        discount_total TEXT NOT NULL DEFAULT '0',
        discount_tax TEXT NOT NULL DEFAULT '0',
        shipping_total TEXT NOT NULL DEFAULT '0',
        shipping_tax TEXT NOT NULL DEFAULT '0',
        cart_tax TEXT NOT NULL DEFAULT '0',
        total_tax TEXT NOT NULL DEFAULT '0',
        total TEXT NOT NULL DEFAULT '0',
        meta_data TEXT NOT NULL DEFAULT '[]',
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL,
        date_paid_gmt TEXT,
        date_completed_gmt TEXT
      );
      CREATE INDEX orders_status ON orders(status);
      CREATE INDEX orders_customer ON orders(customer_id);
      CREATE INDEX orders_created ON orders(date_created_gmt);
      CREATE INDEX orders_modified ON orders(date_modified_gmt);

      -- Line, fee, shipping, coupon and tax items. The fields of each kind (quantities, amounts,
      -- per-rate taxes) are in 'data' as JSON, as WooCommerce keeps them in item meta.
      CREATE TABLE order_items (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        type TEXT NOT NULL CHECK (type IN ('line_item', 'fee', 'shipping', 'coupon', 'tax')),
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        data TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX order_items_order ON order_items(order_id, type, position);

      CREATE TABLE refunds (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        amount TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        refunded_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
        refunded_payment INTEGER NOT NULL DEFAULT 0,
        restock INTEGER NOT NULL DEFAULT 0,
        line_items TEXT NOT NULL DEFAULT '[]',
        meta_data TEXT NOT NULL DEFAULT '[]',
        date_created_gmt TEXT NOT NULL
      );
      CREATE INDEX refunds_order ON refunds(order_id);

      CREATE TABLE payment_gateways (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        provider TEXT NOT NULL DEFAULT 'pos',
        pos_type TEXT NOT NULL DEFAULT 'manual',
        position INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE checkouts (
        id TEXT PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        gateway_id TEXT NOT NULL REFERENCES payment_gateways(id),
        action TEXT NOT NULL,
        status TEXT NOT NULL,
        provider_data TEXT NOT NULL DEFAULT '{}',
        idempotency_key TEXT,
        request_hash TEXT NOT NULL,
        response TEXT NOT NULL,
        response_status INTEGER NOT NULL,
        created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
        date_created_gmt TEXT NOT NULL,
        UNIQUE (order_id, idempotency_key)
      );
      CREATE INDEX checkouts_order ON checkouts(order_id, date_created_gmt);

      CREATE TABLE shipping_methods (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT ''
      );

      CREATE TABLE templates (
        id INTEGER PRIMARY KEY,
        uuid TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        content TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'receipt' CHECK (type IN ('receipt', 'report')),
        category TEXT NOT NULL DEFAULT 'receipt',
        language TEXT NOT NULL DEFAULT 'html',
        engine TEXT NOT NULL DEFAULT 'logicless',
        output_type TEXT NOT NULL DEFAULT 'html',
        paper_width TEXT,
        tax_display TEXT NOT NULL DEFAULT 'itemized',
        gallery_key TEXT,
        status TEXT NOT NULL DEFAULT 'publish',
        source TEXT NOT NULL DEFAULT 'custom',
        menu_order INTEGER NOT NULL DEFAULT 0,
        date_created_gmt TEXT NOT NULL,
        date_modified_gmt TEXT NOT NULL
      );

      CREATE TABLE extensions (
        slug TEXT PRIMARY KEY,
        manifest TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('inactive', 'active')),
        installed_version TEXT NOT NULL,
        auto_update INTEGER NOT NULL DEFAULT 0,
        date_modified_gmt TEXT NOT NULL
      );
    `);
  },
};
