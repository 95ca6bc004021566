-- The chain indexer (history and NFTs of the Blockchain API, spec §7). Portable SQL as in 0001.
-- Addresses, contracts and hashes are lowercase 0x hex; token ids and amounts are decimal
-- strings (uint256 does not fit a BIGINT); block times are Unix seconds.

-- The last indexed blocks of each chain (the newest few hundred only): a stored hash that the
-- chain no longer has at that height is a reorg from there.
CREATE TABLE index_blocks (
    chain_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (chain_id, number)
);

-- How far each chain is indexed: every block up to last_block is in transfers.
CREATE TABLE index_cursors (
    chain_id TEXT PRIMARY KEY,
    last_block BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Which frame-host instance indexes a chain, until when (Unix ms). Taken and renewed with a
-- conditional upsert; every write of the indexer re-checks it in its own transaction.
CREATE TABLE index_leases (
    chain_id TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Transfers: native (log_index -1, from a transaction's value) and ERC-20/721/1155 (from
-- Transfer, TransferSingle and TransferBatch logs; item is the position in a batch, else 0).
-- kind: native | erc20 | erc721 | erc1155; contract and token_id are '' where they do not
-- apply. tx_from, tx_to and nonce describe the transaction (tx_to: the created contract for
-- a deployment).
CREATE TABLE transfers (
    chain_id TEXT NOT NULL,
    block_number BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    tx_index BIGINT NOT NULL,
    log_index BIGINT NOT NULL,
    item BIGINT NOT NULL,
    tx_from TEXT NOT NULL,
    tx_to TEXT NOT NULL,
    nonce BIGINT NOT NULL,
    from_addr TEXT NOT NULL,
    to_addr TEXT NOT NULL,
    kind TEXT NOT NULL,
    contract TEXT NOT NULL,
    token_id TEXT NOT NULL,
    amount TEXT NOT NULL,
    UNIQUE (chain_id, tx_hash, log_index, item)
);
CREATE INDEX transfers_from ON transfers (from_addr, block_time, chain_id, block_number, tx_index);
CREATE INDEX transfers_to ON transfers (to_addr, block_time, chain_id, block_number, tx_index);
CREATE INDEX transfers_block ON transfers (chain_id, block_number);

-- Token contracts' name(), symbol() and decimals(), read once (NULL: the call failed).
CREATE TABLE token_meta (
    chain_id TEXT NOT NULL,
    contract TEXT NOT NULL,
    name TEXT,
    symbol TEXT,
    decimals BIGINT,
    fetched_at BIGINT NOT NULL,
    PRIMARY KEY (chain_id, contract)
);

-- NFTs' name and image from their tokenURI / uri metadata, read once (NULL: none found).
CREATE TABLE nft_meta (
    chain_id TEXT NOT NULL,
    contract TEXT NOT NULL,
    token_id TEXT NOT NULL,
    name TEXT,
    image TEXT,
    fetched_at BIGINT NOT NULL,
    PRIMARY KEY (chain_id, contract, token_id)
);
