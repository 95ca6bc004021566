//! Racing two futures: the first to finish wins and the other is dropped. This is how an RPC
//! attempt is bounded by a timer without an async runtime (the frame runs on the browser's
//! event loop).

use std::{
    future::{poll_fn, Future},
    pin::pin,
    task::Poll,
};

/// Which of two raced futures finished first, with its output.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Either<A, B> {
    /// The first future finished (it is polled first, so it wins a tie).
    First(A),
    /// The second future finished.
    Second(B),
}

/// Polls `first` and `second` until one is ready, then drops the other. Dropping the loser is
/// what cancels it: the browser transport aborts its fetch when its future is dropped.
pub(crate) async fn race<A: Future, B: Future>(
    first: A,
    second: B,
) -> Either<A::Output, B::Output> {
    let mut first = pin!(first);
    let mut second = pin!(second);
    poll_fn(|cx| {
        if let Poll::Ready(a) = first.as_mut().poll(cx) {
            return Poll::Ready(Either::First(a));
        }
        if let Poll::Ready(b) = second.as_mut().poll(cx) {
            return Poll::Ready(Either::Second(b));
        }
        Poll::Pending
    })
    .await
}

#[cfg(test)]
mod tests {
    use std::{cell::Cell, future::pending};

    use super::*;

    /// Ready after being polled `n` times (waking itself each time).
    async fn after_polls(n: u32, out: &'static str) -> &'static str {
        let left = Cell::new(n);
        poll_fn(|cx| {
            if left.get() == 0 {
                return Poll::Ready(out);
            }
            left.set(left.get() - 1);
            cx.waker().wake_by_ref();
            Poll::Pending
        })
        .await
    }

    #[test]
    fn the_first_ready_future_wins() {
        let r = pollster::block_on(race(after_polls(3, "slow"), after_polls(1, "fast")));
        assert_eq!(r, Either::Second("fast"));
        let r = pollster::block_on(race(after_polls(1, "fast"), after_polls(3, "slow")));
        assert_eq!(r, Either::First("fast"));
    }

    #[test]
    fn a_future_that_never_finishes_loses() {
        let r = pollster::block_on(race(pending::<()>(), after_polls(2, "timer")));
        assert_eq!(r, Either::Second("timer"));
    }

    #[test]
    fn the_loser_is_dropped() {
        struct Flag<'a>(&'a Cell<bool>);
        impl Drop for Flag<'_> {
            fn drop(&mut self) {
                self.0.set(true);
            }
        }
        let dropped = Cell::new(false);
        let loser = async {
            let _flag = Flag(&dropped);
            pending::<()>().await
        };
        let r = pollster::block_on(race(loser, after_polls(1, "won")));
        assert_eq!(r, Either::Second("won"));
        assert!(dropped.get());
    }
}
