/** One schema change, in the shape `runMigrations` of @portico/service-api takes. */
export interface FrameMigration {
  id: string
  sql: string
}

/**
 * The frame's schema, applied with `runMigrations(db, frameMigrations)`. Ids start with `frame-` and tables with
 * `frame_` so that the frame can share a database (and the `portico_migrations` ledger) with the api. Never edit a
 * migration that has shipped; add a new one.
 */
export const frameMigrations: readonly FrameMigration[] = [
  {
    id: 'frame-0001_email_codes',
    sql: `
      create table frame_users (
        id text primary key,
        email text not null unique,
        created_at timestamptz not null
      );

      -- One-time codes. Only an HMAC of the code is stored. status: active, consumed, ended (too many wrong guesses
      -- or the mail failed), expired, superseded (a newer code was sent).
      create table frame_email_codes (
        id text primary key,
        email text not null,
        code_hash text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        attempts integer not null default 0,
        status text not null default 'active',
        consumed_at timestamptz
      );
      create index frame_email_codes_email_idx on frame_email_codes (email, created_at desc);

      -- Every code sent: the resend cooldown and the per-email hourly limit are read from here.
      create table frame_email_sends (
        id bigserial primary key,
        email text not null,
        ip text not null,
        sent_at timestamptz not null
      );
      create index frame_email_sends_email_idx on frame_email_sends (email, sent_at desc);

      -- Per-IP fixed-window counters (action: 'start' or 'verify'), incremented atomically.
      create table frame_ip_counters (
        ip text not null,
        action text not null,
        window_start timestamptz not null,
        count integer not null,
        primary key (ip, action, window_start)
      );

      create table frame_sessions (
        id text primary key,
        user_id text not null references frame_users (id),
        created_at timestamptz not null,
        revoked_at timestamptz,
        revoked_reason text
      );

      -- Tokens by HMAC; kind 'access' or 'refresh'. A refresh token gets used_at when rotated; presenting it again
      -- revokes the session.
      create table frame_tokens (
        hash text primary key,
        session_id text not null references frame_sessions (id),
        kind text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index frame_tokens_session_idx on frame_tokens (session_id);
    `,
  },
  {
    id: 'frame-0002_devices',
    sql: `
      -- Devices a user approved (VERIFY_DEVICE). device_hash is an HMAC of the client-generated device id: the id
      -- lets a device skip the link step, so it is kept like a credential.
      create table frame_devices (
        user_id text not null references frame_users (id),
        device_hash text not null,
        approved_at timestamptz not null,
        primary key (user_id, device_hash)
      );

      -- "New device" links. Only an HMAC of the link token is stored; used_at is set once, when the link is opened.
      create table frame_device_links (
        id text primary key,
        token_hash text not null unique,
        user_id text not null references frame_users (id),
        device_hash text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index frame_device_links_expires_idx on frame_device_links (expires_at);

      -- The device that asked for a code: a successful check approves that device (and no other).
      alter table frame_email_codes add column device_hash text;
    `,
  },
  {
    id: 'frame-0003_wallets_and_email_updates',
    sql: `
      -- The device a session was opened from (HMAC of its deviceId, null when none was sent): the recovery share is
      -- released only to a session whose device the user approved.
      alter table frame_sessions add column device_hash text;

      -- What each mail was (login-code, device-link, update-code): the 30 s cooldown stops the same mail being sent
      -- again, so the code that follows an approved device link, or an email change right after a login, does not
      -- wait; the hourly limits still count every mail to the address.
      alter table frame_email_sends add column kind text not null default 'login-code';

      -- One wallet per user (the primary key makes the first writer win across replicas). accounts is public data
      -- (addresses, public keys, derivation paths) as JSON text; the two shares are AES-256-GCM ciphertexts under
      -- subkeys of PORTICO_FRAME_SHARE_KEY (see src/shareCipher.ts), never plaintext.
      create table frame_wallets (
        user_id text primary key references frame_users (id),
        accounts text not null,
        auth_share text not null,
        recovery_share text not null,
        created_at timestamptz not null
      );

      -- Per-user fixed-window counters (action: 'recover'), incremented atomically like frame_ip_counters.
      create table frame_user_counters (
        user_id text not null,
        action text not null,
        window_start timestamptz not null,
        count integer not null,
        primary key (user_id, action, window_start)
      );

      -- Email changes in progress: a code to the current address (stage 'primary'), then one to the new address
      -- (stage 'secondary'). Only an HMAC of each code is stored. status: active, done, ended, expired, superseded.
      create table frame_email_updates (
        id text primary key,
        user_id text not null references frame_users (id),
        new_email text not null,
        stage text not null,
        code_hash text not null,
        attempts integer not null default 0,
        status text not null default 'active',
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index frame_email_updates_user_idx on frame_email_updates (user_id, created_at desc);
    `,
  },
  {
    id: 'frame-0004_social',
    sql: `
      -- Social users may have no email: a user row carries an email only when it was proven (a code, or a provider
      -- that verified it), so an unverified provider email never claims an address.
      alter table frame_users alter column email drop not null;

      -- One row per social account (provider + the provider's subject): the same account is always the same user,
      -- so the same wallet. email/email_verified/username are what the provider said at the last sign-in.
      create table frame_social_accounts (
        provider text not null,
        subject text not null,
        user_id text not null references frame_users (id),
        email text,
        email_verified boolean not null default false,
        username text,
        created_at timestamptz not null,
        last_login_at timestamptz not null,
        primary key (provider, subject)
      );
      create index frame_social_accounts_user_idx on frame_social_accounts (user_id);

      -- Sign-ins in progress. Only HMACs of the state, of the binding secret the frame keeps, and of the one-time
      -- result are stored; the PKCE verifier and the nonce are derived from the id under the server secret.
      -- callback_at is set once (a replayed callback is refused), finished_at once (a replayed result is refused).
      create table frame_social_flows (
        id text primary key,
        state_hash text not null unique,
        binding_hash text not null,
        provider text not null,
        project_id text not null,
        return_url text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        callback_at timestamptz,
        result_hash text unique,
        subject text,
        email text,
        email_verified boolean,
        username text,
        error_code text,
        error_message text,
        finished_at timestamptz
      );
      create index frame_social_flows_expires_idx on frame_social_flows (expires_at);
    `,
  },
  {
    id: 'frame-0005_farcaster',
    sql: `
      -- Sign In With Farcaster channels (src/farcaster/relay.ts). Only HMACs of the channel token and of the binding
      -- secret the frame keeps are stored. completed_at is set once, when the custody key of fid approved the channel
      -- (custody: the address read from the IdRegistry); finished_at once, when the frame redeemed it. The user of an
      -- fid is the frame_social_accounts row (provider 'farcaster', subject = fid).
      create table frame_farcaster_channels (
        id text primary key,
        token_hash text not null unique,
        binding_hash text not null,
        project_id text not null,
        domain text not null,
        uri text not null,
        nonce text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        completed_at timestamptz,
        fid text,
        custody text,
        username text,
        finished_at timestamptz
      );
      create index frame_farcaster_channels_expires_idx on frame_farcaster_channels (expires_at);
    `,
  },
  {
    id: 'frame-0006_farcaster_refusal',
    sql: `
      -- An approval signed by a key that is not the fid's custody address ends the channel: the waiting frame reads
      -- why (refused_reason) from the status and says so, instead of waiting until the channel expires.
      alter table frame_farcaster_channels add column refused_reason text;
    `,
  },
]
