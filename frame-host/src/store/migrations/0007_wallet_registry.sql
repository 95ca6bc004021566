-- The copy of the WalletConnect registry (`walletconnect_registry`, issue 18 section 5): the
-- wallets of the last good sync, their logos, and when and from where it was taken. A sync
-- replaces the wallets and the sync row in one transaction, keeps the logos it still needs,
-- adds the new ones and deletes the rest; a failed sync changes nothing.

-- One row: the API base URL the copy came from and when (Unix ms).
CREATE TABLE registry_sync (
    source TEXT PRIMARY KEY,
    synced_at BIGINT NOT NULL
);

-- The wallets, each as frame-host serves it (`/getWallets`' JSON of one wallet, whose
-- image_id is repeated here), in the API's order.
CREATE TABLE registry_wallets (
    id TEXT PRIMARY KEY,
    position BIGINT NOT NULL,
    image_id TEXT NOT NULL,
    wallet TEXT NOT NULL
);

-- The logos by the listings' image_id: the media type frame-host checked (png, jpeg, webp or
-- svg+xml) and the bytes as base64.
CREATE TABLE registry_images (
    image_id TEXT PRIMARY KEY,
    media_type TEXT NOT NULL,
    bytes TEXT NOT NULL,
    fetched_at BIGINT NOT NULL
);
