//! The open connections of [`serve`](super::serve): how many each client address holds, how
//! many there are in all, and which are idle, so that a full server makes room by closing the
//! connection idle the longest instead of turning newcomers away.

use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::Instant,
};

use tokio::sync::Notify;

use crate::net::{AddressBuckets, IpRange};

/// The caps [`OpenConnections`] keeps.
#[derive(Debug, Clone)]
pub(super) struct Caps {
    /// Connections one client address (an IPv6 client's prefix) may hold.
    pub(super) per_address: usize,
    /// Connections in all.
    pub(super) total: usize,
    /// Addresses the per-address cap does not apply to (they count towards the total).
    pub(super) exempt: Arc<[IpRange]>,
    /// How addresses are grouped for the per-address cap.
    pub(super) buckets: AddressBuckets,
}

/// Counts open connections. Cheap to clone.
#[derive(Debug, Clone)]
pub(super) struct OpenConnections {
    caps: Caps,
    table: Arc<Mutex<Table>>,
}

#[derive(Debug, Default)]
struct Table {
    next_id: u64,
    connections: HashMap<u64, Entry>,
    per_address: HashMap<IpAddr, usize>,
}

#[derive(Debug)]
struct Entry {
    /// The address bucket counted, `None` for an exempt address.
    bucket: Option<IpAddr>,
    /// Requests being answered now.
    in_flight: usize,
    /// Whether a request ever arrived.
    served: bool,
    /// When the last request ended, or when the connection opened.
    idle_since: Instant,
    /// Woken when the connection is closed to make room.
    evict: Arc<Notify>,
}

impl Table {
    fn remove(&mut self, id: u64) -> Option<Entry> {
        let entry = self.connections.remove(&id)?;
        if let Some(bucket) = entry.bucket {
            if let Some(count) = self.per_address.get_mut(&bucket) {
                *count -= 1;
                if *count == 0 {
                    self.per_address.remove(&bucket);
                }
            }
        }
        Some(entry)
    }
}

impl OpenConnections {
    pub(super) fn new(caps: Caps) -> Self {
        Self {
            caps,
            table: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for one more connection from `ip`, or `None` when its address holds its cap, or
    /// when every connection is taken and none is idle. At the total cap, the connection idle
    /// the longest is closed to make room (its [`Slot::evicted`] wakes).
    pub(super) fn claim(&self, ip: IpAddr) -> Option<Slot> {
        let exempt = self.caps.exempt.iter().any(|range| range.contains(ip));
        let bucket = (!exempt).then(|| self.caps.buckets.bucket(ip));
        let mut table = self.lock();
        if let Some(bucket) = bucket {
            if table.per_address.get(&bucket).copied().unwrap_or(0) >= self.caps.per_address {
                return None;
            }
        }
        if table.connections.len() >= self.caps.total {
            let idlest = table
                .connections
                .iter()
                .filter(|(_, entry)| entry.in_flight == 0)
                .min_by_key(|(_, entry)| entry.idle_since)
                .map(|(id, _)| *id)?;
            if let Some(evicted) = table.remove(idlest) {
                evicted.evict.notify_one();
            }
        }
        if let Some(bucket) = bucket {
            *table.per_address.entry(bucket).or_default() += 1;
        }
        let id = table.next_id;
        table.next_id += 1;
        let evict = Arc::new(Notify::new());
        table.connections.insert(
            id,
            Entry {
                bucket,
                in_flight: 0,
                served: false,
                idle_since: Instant::now(),
                evict: Arc::clone(&evict),
            },
        );
        Some(Slot {
            id,
            evict,
            open: self.clone(),
        })
    }
}

/// One open connection; dropping it frees its place.
#[derive(Debug)]
pub(super) struct Slot {
    id: u64,
    evict: Arc<Notify>,
    open: OpenConnections,
}

impl Slot {
    /// A request has arrived on the connection; it is busy until the guard drops.
    pub(super) fn request(&self) -> Busy {
        if let Some(entry) = self.open.lock().connections.get_mut(&self.id) {
            entry.in_flight += 1;
            entry.served = true;
        }
        Busy {
            id: self.id,
            open: self.open.clone(),
        }
    }

    /// Whether a request ever arrived on the connection.
    pub(super) fn served(&self) -> bool {
        self.open
            .lock()
            .connections
            .get(&self.id)
            .is_some_and(|entry| entry.served)
    }

    /// Completes when the connection was closed to make room for another.
    pub(super) async fn evicted(&self) {
        self.evict.notified().await;
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.open.lock().remove(self.id);
    }
}

/// A request being answered; dropping it makes the connection idle again (from now).
#[derive(Debug)]
pub(super) struct Busy {
    id: u64,
    open: OpenConnections,
}

impl Drop for Busy {
    fn drop(&mut self) {
        if let Some(entry) = self.open.lock().connections.get_mut(&self.id) {
            entry.in_flight -= 1;
            entry.idle_since = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(per_address: usize, total: usize) -> OpenConnections {
        OpenConnections::new(Caps {
            per_address,
            total,
            exempt: vec!["10.0.0.9".parse().unwrap()].into(),
            buckets: AddressBuckets::default(),
        })
    }

    #[test]
    fn slots_are_counted_per_address_and_freed_on_drop() {
        let open = open(2, 100);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let first = open.claim(a).expect("first");
        let _second = open.claim(a).expect("second");
        assert!(open.claim(a).is_none(), "a third from the same address");
        assert!(open.claim(b).is_some(), "another address is not affected");
        drop(first);
        assert!(open.claim(a).is_some(), "a freed slot is reusable");
        let behind_proxy: Vec<_> = (0..5).map(|_| open.claim([10, 0, 0, 9].into())).collect();
        assert!(
            behind_proxy.iter().all(Option::is_some),
            "a trusted proxy is not capped"
        );
    }

    /// Issue 38, M-2: an IPv6 client's whole /64 shares one cap.
    #[test]
    fn an_ipv6_network_shares_one_cap() {
        let open = open(2, 100);
        let _a = open.claim("2001:db8:1:2::1".parse().unwrap()).unwrap();
        let _b = open.claim("2001:db8:1:2::2".parse().unwrap()).unwrap();
        assert!(open
            .claim("2001:db8:1:2:ffff::3".parse().unwrap())
            .is_none());
        assert!(open.claim("2001:db8:1:3::1".parse().unwrap()).is_some());
    }

    /// Whether `slot` was told to close.
    async fn evicted(slot: &Slot) -> bool {
        tokio::time::timeout(std::time::Duration::ZERO, slot.evicted())
            .await
            .is_ok()
    }

    #[tokio::test]
    async fn a_full_server_closes_the_connection_idle_the_longest() {
        let open = open(10, 3);
        let ip = |n: u8| IpAddr::from([10, 0, 1, n]);
        let oldest = open.claim(ip(1)).unwrap();
        let busy = open.claim(ip(2)).unwrap();
        let _request = busy.request();
        let newer = open.claim(ip(3)).unwrap();
        // Full: the oldest idle one goes (the busy one, though older, stays).
        let _fourth = open.claim(ip(4)).expect("room made");
        assert!(evicted(&oldest).await);
        assert!(!evicted(&busy).await);
        assert!(!evicted(&newer).await);
        drop(oldest);
        // Every remaining one busy: a newcomer is turned away.
        let _r3 = newer.request();
        let fourth = open.claim(ip(5)).expect("the fourth was idle");
        let _r4 = fourth.request();
        assert!(open.claim(ip(6)).is_none(), "nothing idle to close");
    }
}
