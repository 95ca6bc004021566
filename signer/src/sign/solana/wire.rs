//! The Solana transaction wire format: a compact-u16 count of 64-byte signatures, then the
//! message, legacy or versioned (v0, with address-table lookups). Only what signing and the
//! approval screen need is kept; the message bytes are signed exactly as received.

use crate::sign::SignError;

/// The largest transaction the Solana network accepts (IPv6 MTU minus headers), in bytes.
pub const PACKET_DATA_SIZE: usize = 1232;

/// Which message format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageVersion {
    /// The original format.
    Legacy,
    /// Versioned message v0 (address lookup tables).
    V0,
}

/// One instruction: which program it calls (an index into the static account keys).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    /// Index of the program id among the static account keys.
    pub program_id_index: u8,
    /// Indexes of the accounts it uses.
    pub accounts: Vec<u8>,
    /// Its data.
    pub data: Vec<u8>,
}

/// A parsed wire-format transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolanaTx {
    /// The signatures, one per required signer, in signer order (all zero when not signed).
    pub signatures: Vec<[u8; 64]>,
    /// The message format.
    pub version: MessageVersion,
    /// How many of the first account keys must sign.
    pub num_required_signatures: u8,
    /// The static account keys; the first is the fee payer.
    pub account_keys: Vec<[u8; 32]>,
    /// The recent blockhash (or durable nonce).
    pub recent_blockhash: [u8; 32],
    /// The instructions.
    pub instructions: Vec<Instruction>,
    /// How many address-table lookups a v0 message has.
    pub lookup_tables: usize,
    /// The message bytes, the part that is signed.
    pub message: Vec<u8>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn malformed(detail: &str) -> SignError {
    SignError::params(format!("malformed Solana transaction: {detail}"))
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SignError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|end| *end <= self.bytes.len())
            .ok_or_else(|| malformed("it ends early"))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn byte(&mut self) -> Result<u8, SignError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SignError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    /// Solana's compact-u16 ("short vec" length): 7 bits per byte, at most 3 bytes, canonical.
    fn compact_u16(&mut self) -> Result<usize, SignError> {
        let mut value: u32 = 0;
        for i in 0..3 {
            let byte = self.byte()?;
            value |= u32::from(byte & 0x7f) << (7 * i);
            let last = byte & 0x80 == 0;
            if last {
                // A zero continuation byte means a longer encoding than needed.
                if i > 0 && byte == 0 {
                    return Err(malformed("non-canonical length"));
                }
                if i == 2 && byte > 0x03 {
                    return Err(malformed("length above 65535"));
                }
                return Ok(value as usize);
            }
            if i == 2 {
                return Err(malformed("length above 65535"));
            }
        }
        Err(malformed("length above 65535"))
    }

    fn bytes_vec(&mut self) -> Result<Vec<u8>, SignError> {
        let len = self.compact_u16()?;
        Ok(self.take(len)?.to_vec())
    }
}

/// Writes `value` as a compact-u16.
pub fn write_compact_u16(out: &mut Vec<u8>, value: u16) {
    let mut rest = value;
    loop {
        let low = (rest & 0x7f) as u8;
        rest >>= 7;
        if rest == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

impl SolanaTx {
    /// Parses a wire-format transaction; every byte must be used.
    pub fn parse(bytes: &[u8]) -> Result<Self, SignError> {
        if bytes.len() > PACKET_DATA_SIZE {
            return Err(malformed("larger than 1232 bytes"));
        }
        let mut r = Reader { bytes, at: 0 };
        let count = r.compact_u16()?;
        let mut signatures = Vec::with_capacity(count.min(PACKET_DATA_SIZE / 64));
        for _ in 0..count {
            signatures.push(r.array::<64>()?);
        }
        let message_start = r.at;
        let first = r.byte()?;
        let (version, num_required_signatures) = if first & 0x80 != 0 {
            match first & 0x7f {
                0 => (MessageVersion::V0, r.byte()?),
                other => {
                    return Err(malformed(&format!(
                        "message version {other} is not supported"
                    )))
                }
            }
        } else {
            (MessageVersion::Legacy, first)
        };
        let readonly_signed = r.byte()?;
        let _readonly_unsigned = r.byte()?;
        let key_count = r.compact_u16()?;
        let mut account_keys = Vec::with_capacity(key_count.min(PACKET_DATA_SIZE / 32));
        for _ in 0..key_count {
            account_keys.push(r.array::<32>()?);
        }
        let recent_blockhash = r.array::<32>()?;
        let instruction_count = r.compact_u16()?;
        let mut instructions = Vec::with_capacity(instruction_count.min(PACKET_DATA_SIZE));
        for _ in 0..instruction_count {
            let program_id_index = r.byte()?;
            let accounts = r.bytes_vec()?;
            let data = r.bytes_vec()?;
            instructions.push(Instruction {
                program_id_index,
                accounts,
                data,
            });
        }
        let mut lookup_tables = 0;
        if version == MessageVersion::V0 {
            lookup_tables = r.compact_u16()?;
            for _ in 0..lookup_tables {
                r.take(32)?;
                r.bytes_vec()?;
                r.bytes_vec()?;
            }
        }
        if r.at != bytes.len() {
            return Err(malformed("trailing bytes after the message"));
        }
        let required = usize::from(num_required_signatures);
        if required == 0 || required > account_keys.len() {
            return Err(malformed("the signer count does not fit the account keys"));
        }
        if usize::from(readonly_signed) >= required {
            return Err(malformed("the fee payer must be a writable signer"));
        }
        if signatures.len() != required {
            return Err(malformed(&format!(
                "it has {} signatures for {required} required signers",
                signatures.len()
            )));
        }
        if let Some(bad) = instructions
            .iter()
            .find(|i| usize::from(i.program_id_index) >= account_keys.len())
        {
            return Err(malformed(&format!(
                "program id index {} is out of range",
                bad.program_id_index
            )));
        }
        Ok(Self {
            signatures,
            version,
            num_required_signatures,
            account_keys,
            recent_blockhash,
            instructions,
            lookup_tables,
            message: bytes[message_start..].to_vec(),
        })
    }

    /// The wire bytes: signatures, then the message.
    pub fn serialize(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(3 + self.signatures.len() * 64 + self.message.len());
        // Parsing checked that the count equals a u8 signer count.
        write_compact_u16(&mut out, self.signatures.len() as u16);
        for signature in &self.signatures {
            out.extend_from_slice(signature);
        }
        out.extend_from_slice(&self.message);
        out
    }

    /// The fee payer: the first account key.
    pub fn fee_payer(&self) -> &[u8; 32] {
        &self.account_keys[0]
    }

    /// The position of `key` among the required signers, if it is one.
    pub fn signer_index(&self, key: &[u8; 32]) -> Option<usize> {
        self.account_keys
            .iter()
            .take(usize::from(self.num_required_signatures))
            .position(|k| k == key)
    }

    /// The program ids the instructions call, in order.
    pub fn program_ids(&self) -> impl Iterator<Item = &[u8; 32]> {
        self.instructions
            .iter()
            .map(|i| &self.account_keys[usize::from(i.program_id_index)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(value: u16) -> usize {
        let mut out = Vec::new();
        write_compact_u16(&mut out, value);
        let mut r = Reader { bytes: &out, at: 0 };
        let read = r.compact_u16().unwrap();
        assert_eq!(r.at, out.len());
        read
    }

    #[test]
    fn compact_u16_round_trips_and_rejects_bad_encodings() {
        for value in [0, 1, 127, 128, 255, 16383, 16384, 65535] {
            assert_eq!(roundtrip(value), usize::from(value));
        }
        let mut out = Vec::new();
        write_compact_u16(&mut out, 0x80);
        assert_eq!(out, [0x80, 0x01]);
        for bad in [
            &[0x80, 0x00][..],
            &[0xff, 0xff, 0x04],
            &[0xff, 0xff, 0xff, 0x01],
            &[0x80],
        ] {
            let mut r = Reader { bytes: bad, at: 0 };
            assert!(r.compact_u16().is_err(), "{bad:?}");
        }
    }

    /// One signer, one program, legacy: built by hand.
    fn legacy_bytes() -> Vec<u8> {
        let mut tx = vec![1];
        tx.extend_from_slice(&[0; 64]);
        tx.extend_from_slice(&[1, 0, 1]); // header
        tx.push(2); // keys
        tx.extend_from_slice(&[7; 32]);
        tx.extend_from_slice(&[0; 32]); // system program
        tx.extend_from_slice(&[9; 32]); // blockhash
        tx.extend_from_slice(&[1, 1, 1, 0, 2, 0xab, 0xcd]); // one instruction
        tx
    }

    #[test]
    fn parses_and_reserializes_a_legacy_transaction() {
        let bytes = legacy_bytes();
        let tx = SolanaTx::parse(&bytes).unwrap();
        assert_eq!(tx.version, MessageVersion::Legacy);
        assert_eq!(tx.fee_payer(), &[7; 32]);
        assert_eq!(tx.recent_blockhash, [9; 32]);
        assert_eq!(tx.program_ids().collect::<Vec<_>>(), vec![&[0; 32]]);
        assert_eq!(tx.instructions[0].data, vec![0xab, 0xcd]);
        assert_eq!(tx.signer_index(&[7; 32]), Some(0));
        assert_eq!(tx.signer_index(&[0; 32]), None);
        assert_eq!(tx.message, bytes[65..]);
        assert_eq!(tx.serialize(), bytes);
    }

    #[test]
    fn refuses_malformed_transactions() {
        let good = legacy_bytes();
        let mut trailing = good.clone();
        trailing.push(0);
        let short = good[..good.len() - 1].to_vec();
        let mut two_sigs = vec![2];
        two_sigs.extend_from_slice(&[0; 64]);
        two_sigs.extend_from_slice(&good[1..]);
        let mut bad_program = good.clone();
        let at = good.len() - 7;
        bad_program[at + 1] = 5; // program id index 5 of 2 keys
        let mut v1 = good.clone();
        v1.insert(65, 0x81);
        for (name, bytes) in [
            ("trailing", trailing),
            ("short", short),
            ("signature count", two_sigs),
            ("program index", bad_program),
            ("version 1", v1),
            ("empty", Vec::new()),
            ("huge", vec![0; PACKET_DATA_SIZE + 1]),
        ] {
            assert!(
                matches!(SolanaTx::parse(&bytes), Err(SignError::InvalidParams(_))),
                "{name}"
            );
        }
    }
    /// Every truncation and every single-byte change of a valid transaction parses or fails
    /// cleanly; a change that still parses re-serializes to the same bytes.
    #[test]
    fn mutations_never_panic() {
        let mut v0 = vec![1];
        v0.extend_from_slice(&[0; 64]);
        v0.extend_from_slice(&[0x80, 1, 0, 1, 2]);
        v0.extend_from_slice(&[7; 32]);
        v0.extend_from_slice(&[0; 32]);
        v0.extend_from_slice(&[9; 32]);
        v0.extend_from_slice(&[1, 1, 2, 0, 2, 1, 0xaa]);
        v0.extend_from_slice(&[1]);
        v0.extend_from_slice(&[3; 32]);
        v0.extend_from_slice(&[1, 4, 1, 5]);
        assert_eq!(SolanaTx::parse(&v0).unwrap().lookup_tables, 1);
        for good in [legacy_bytes(), v0] {
            for len in 0..good.len() {
                assert!(SolanaTx::parse(&good[..len]).is_err(), "truncated at {len}");
            }
            for at in 0..good.len() {
                for value in [0x00, 0x01, 0x7f, 0x80, 0xff] {
                    let mut changed = good.clone();
                    changed[at] = value;
                    if let Ok(tx) = SolanaTx::parse(&changed) {
                        assert_eq!(tx.serialize(), changed);
                    }
                }
            }
        }
    }
}
