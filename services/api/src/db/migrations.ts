import type { Database } from './types.js'

/** One schema change. Applied migrations are recorded by id; never edit one that has shipped, add a new one. */
export interface Migration {
  id: string
  sql: string
}

/** The schema of the reference API, in order. */
export const migrations: readonly Migration[] = [
  {
    id: '0001_init',
    sql: `
      -- Projects and the browser origins allowed to call the API on their behalf ('*' allows any origin).
      create table projects (
        id text primary key,
        name text not null,
        allowed_origins text[] not null default '{}',
        analytics_enabled boolean not null default true,
        created_at timestamptz not null default now()
      );

      -- Known ERC-20 tokens per chain. Listed tokens are read for balances; the indexer adds unlisted ones it meets
      -- in Transfer logs so history can name them.
      create table tokens (
        chain_id text not null,
        address text not null,
        name text,
        symbol text,
        decimals integer,
        icon_url text,
        listed boolean not null default false,
        primary key (chain_id, address)
      );

      -- Fiat prices; asset is 'native' or a lowercase token address.
      create table prices (
        chain_id text not null,
        asset text not null,
        currency text not null,
        price numeric not null,
        updated_at timestamptz not null default now(),
        primary key (chain_id, asset, currency)
      );

      -- Registered names; an address's identity is its most recently updated name.
      create table names (
        name text primary key,
        address text not null,
        avatar text,
        attributes jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index names_address_idx on names (address, updated_at desc);

      -- How far the indexer got on each chain, and the hash it saw there (a mismatch means the chain was reset).
      create table indexer_state (
        chain_id text primary key,
        block_number bigint not null,
        block_hash text not null,
        updated_at timestamptz not null default now()
      );

      create table transactions (
        chain_id text not null,
        hash text not null,
        block_number bigint not null,
        tx_index integer not null,
        block_time bigint not null,
        from_address text not null,
        to_address text not null,
        nonce bigint not null,
        status text not null,
        primary key (chain_id, hash)
      );

      -- position is -1 for the native value of the transaction, else the log index of the ERC-20 Transfer.
      create table transfers (
        chain_id text not null,
        tx_hash text not null,
        position integer not null,
        token_address text,
        from_address text not null,
        to_address text not null,
        amount numeric(78, 0) not null,
        primary key (chain_id, tx_hash, position)
      );

      -- One row per (address, transaction) it takes part in, ordered the way history pages are read.
      create table account_transactions (
        address text not null,
        chain_id text not null,
        tx_hash text not null,
        block_time bigint not null,
        block_number bigint not null,
        tx_index integer not null,
        primary key (address, chain_id, tx_hash)
      );
      create index account_transactions_page_idx
        on account_transactions (address, block_time desc, chain_id desc, block_number desc, tx_index desc);

      create table analytics_events (
        project_id text not null,
        event_id text not null,
        event text not null,
        url text not null,
        domain text not null,
        event_time timestamptz not null,
        props jsonb not null,
        sdk_type text not null,
        sdk_version text not null,
        client_id text,
        origin text,
        received_at timestamptz not null default now(),
        primary key (project_id, event_id)
      );
    `,
  },
  {
    id: '0002_replicas',
    sql: `
      -- Balances shared by every replica, so they agree and forceUpdate refreshes them all; expiry is the server's.
      create table balance_cache (
        key text primary key,
        chain_id text not null,
        balances jsonb not null,
        expires_at timestamptz not null
      );
      create index balance_cache_chain_idx on balance_cache (chain_id);
      -- The hash of every indexed block: a node whose head is below the indexed height is only lagging when its
      -- head block is one we indexed; a different hash there is evidence that the chain was reset.
      create table indexer_blocks (
        chain_id text not null,
        block_number bigint not null,
        block_hash text not null,
        primary key (chain_id, block_number)
      );
    `,
  },
  {
    id: '0003_nfts',
    sql: `
      -- ERC-721 transfers are transfers too: token_id is set for them (amount 1) and null for native and ERC-20 ones.
      alter table transfers add column token_id numeric(78, 0);

      -- ERC-721 contracts met in Transfer logs, with their own name and symbol (null when they have none).
      create table nft_collections (
        chain_id text not null,
        address text not null,
        name text,
        symbol text,
        primary key (chain_id, address)
      );

      -- Who holds each ERC-721 token: the receiver of its latest indexed Transfer, at (block_number, log_index).
      -- A burn (transfer to the zero address) deletes the row.
      create table nfts (
        chain_id text not null,
        contract text not null,
        token_id numeric(78, 0) not null,
        owner text not null,
        block_number bigint not null,
        log_index integer not null,
        primary key (chain_id, contract, token_id)
      );
      create index nfts_owner_idx on nfts (owner, block_number desc, log_index desc, chain_id desc, contract desc, token_id desc);

      -- Metadata read from each token's tokenURI, kept apart from ownership so a transfer does not refetch it.
      -- ok is false when the metadata could not be read; fetched_at says when to try again.
      create table nft_metadata (
        chain_id text not null,
        contract text not null,
        token_id numeric(78, 0) not null,
        name text,
        image text,
        ok boolean not null,
        fetched_at timestamptz not null default now(),
        primary key (chain_id, contract, token_id)
      );
    `,
  },
  {
    id: '0004_siwx',
    sql: `
      -- Sign-in nonces: single use (spent_at is set by the first attempt that names one), bound to a project, an
      -- account and a chain, valid until expires_at. Rows a day past their expiry are deleted as new ones are issued.
      create table siwx_nonces (
        nonce text primary key,
        project_id text not null,
        chain_id text not null,
        address text not null,
        issued_at timestamptz not null,
        expires_at timestamptz not null,
        spent_at timestamptz
      );
      create index siwx_nonces_expires_idx on siwx_nonces (expires_at);

      -- Sign-in sessions created from a verified message; the id is the pci of GET /v1/sessions/{address}. The
      -- signature is kept to prove possession on revoke and is never listed. A nonce makes at most one session.
      create table siwx_sessions (
        id text primary key,
        project_id text not null,
        chain_id text not null,
        address text not null,
        message text not null,
        signature text not null,
        nonce text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index siwx_sessions_account_idx on siwx_sessions (project_id, address, created_at desc);

      -- Fixed hourly windows of sign-in attempts per subject ('ip:…' or 'account:<project>:<address>'), incremented
      -- atomically so every replica enforces the same limit.
      create table siwx_counters (
        subject text not null,
        action text not null,
        window_start timestamptz not null,
        count integer not null,
        primary key (subject, action, window_start)
      );
    `,
  },
  {
    id: '0005_names',
    sql: `
      -- One name per address: older duplicates of an address (from before the rule) are dropped, newest kept.
      delete from names n using names m
        where n.address = m.address and (n.updated_at, n.name) < (m.updated_at, m.name);
      create unique index names_address_unique on names (address);
      -- The coin type a registration named (chain id OR 0x80000000); null for names seeded without one.
      alter table names add column coin_type bigint;

      -- Digests of accepted registration messages (address and message): a message registers at most once.
      create table name_messages (
        digest text primary key,
        address text not null,
        used_at timestamptz not null
      );
    `,
  },
  {
    id: '0006_onramp',
    sql: `
      -- Checkouts of the sandbox onramp provider (POST /v1/generators/onrampurl): who receives what, where.
      create table onramp_checkouts (
        id text primary key,
        project_id text not null,
        provider text not null,
        partner_user_id text not null,
        address text not null,
        chain_id text not null,
        asset text not null,
        fiat_currency text not null,
        preset_fiat_amount numeric,
        preset_crypto_amount numeric,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );

      -- Purchases paid at a checkout. Settlement claims a 'paid' row with a conditional update and stores the signed
      -- transfer (raw_tx) in the same transaction, so a purchase is delivered by one transaction only, whichever
      -- replica or restart broadcasts it.
      create table onramp_purchases (
        id text primary key,
        checkout_id text not null references onramp_checkouts (id),
        address text not null,
        chain_id text not null,
        asset text not null,
        asset_address text,
        fiat_currency text not null,
        payment_method text not null,
        payment_subtotal numeric not null,
        provider_fee numeric not null,
        network_fee numeric not null,
        payment_total numeric not null,
        purchase_amount numeric not null,
        purchase_units numeric not null,
        card_last4 text not null,
        status text not null,
        error text,
        tx_hash text,
        raw_tx text,
        sender text,
        nonce bigint,
        claimed_by text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        completed_at timestamptz
      );
      create index onramp_purchases_checkout_idx on onramp_purchases (checkout_id, created_at desc);
      create index onramp_purchases_address_idx on onramp_purchases (address, created_at desc);
      create index onramp_purchases_status_idx on onramp_purchases (status);

      -- The next nonce of each treasury account per chain, taken under a row lock so that settlers on every replica
      -- never sign two transfers with one nonce.
      create table onramp_treasury_nonces (
        chain_id text not null,
        address text not null,
        next_nonce bigint not null,
        primary key (chain_id, address)
      );
    `,
  },
]

/** Arbitrary constant key of the advisory lock that serialises migrations across replicas starting together. */
const MIGRATION_LOCK_KEY = 4310_0001

/** Applies the migrations not yet recorded in `portico_migrations`; returns the ids it applied. */
export async function runMigrations(db: Database, list: readonly Migration[] = migrations): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Replicas starting together wait here while one migrates, longer than the pool's lock_timeout allows.
    if (db.kind === 'postgres') await tx.exec("set local lock_timeout = '120s'; set local statement_timeout = '300s'")
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.exec(`create table if not exists portico_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`)
    const done = new Set((await tx.query<{ id: string }>('select id from portico_migrations')).map((r) => r.id))
    const applied: string[] = []
    for (const migration of list) {
      if (done.has(migration.id)) continue
      await tx.exec(migration.sql)
      await tx.query('insert into portico_migrations (id) values ($1)', [migration.id])
      applied.push(migration.id)
    }
    return applied
  })
}
