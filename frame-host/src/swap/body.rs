//! The convert API's request and reply bodies: the protocol's (`oriel_protocol::http::convert`),
//! the one contract the SDK's checks are generated from. Amounts are decimal strings of base
//! units; tokens and accounts are `eip155:{chain}:0x…` (lowercase).

pub(crate) use oriel_protocol::http::convert::{
    AllowanceQuery, AllowanceReply, ApproveQuery, ApproveReply, BuildSwapReply, BuildSwapRequest,
    BuiltTransaction, ConvertChainQuery, GasPriceReply, SwapQuote, SwapQuoteQuery, SwapQuotesReply,
    SwapToken, SwapTokensReply, TransactionFees,
};
