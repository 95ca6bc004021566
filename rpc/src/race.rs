//! Racing two futures: the first to finish wins and the other is dropped. This is how an RPC
//! attempt is bounded by a timer without an async runtime (the frame runs on the browser's
//! event loop). And joining two: both run at once, until both have finished.

use std::{
    future::{poll_fn, Future},
    pin::pin,
    task::Poll,
};

/// Which of two raced futures finished first, with its output.
#[derive(Debug, PartialEq, Eq)]
pub enum Either<A, B> {
    /// The first future finished (it is polled first, so it wins a tie).
    First(A),
    /// The second future finished.
    Second(B),
}

/// Polls `first` and `second` until one is ready, then drops the other. Dropping the loser is
/// what cancels it: the browser transport aborts its fetch when its future is dropped.
pub async fn race<A: Future, B: Future>(first: A, second: B) -> Either<A::Output, B::Output> {
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

/// Polls `first` and `second` together until both are ready, and answers both outputs.
pub async fn join<A: Future, B: Future>(first: A, second: B) -> (A::Output, B::Output) {
    let mut first = pin!(first);
    let mut second = pin!(second);
    let (mut a, mut b) = (None, None);
    poll_fn(|cx| {
        if a.is_none() {
            if let Poll::Ready(out) = first.as_mut().poll(cx) {
                a = Some(out);
            }
        }
        if b.is_none() {
            if let Poll::Ready(out) = second.as_mut().poll(cx) {
                b = Some(out);
            }
        }
        if a.is_some() && b.is_some() {
            return Poll::Ready(());
        }
        Poll::Pending
    })
    .await;
    match (a, b) {
        (Some(a), Some(b)) => (a, b),
        // poll_fn returned only once both were set.
        _ => unreachable!("join finished before both futures"),
    }
}

/// Polls every future of `futures` together until all are ready, and answers their outputs
/// in order.
pub async fn join_all<F: Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut futures: Vec<_> = futures.into_iter().map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    poll_fn(|cx| {
        let mut pending = false;
        for (future, output) in futures.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(out) => *output = Some(out),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            Poll::Pending
        } else {
            Poll::Ready(())
        }
    })
    .await;
    outputs.into_iter().flatten().collect()
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
    fn join_waits_for_both_and_polls_them_together() {
        let polled = Cell::new(0);
        let counting = |n: u32, out: &'static str| {
            let polled = &polled;
            async move {
                let left = Cell::new(n);
                poll_fn(|cx| {
                    polled.set(polled.get() + 1);
                    if left.get() == 0 {
                        return Poll::Ready(out);
                    }
                    left.set(left.get() - 1);
                    cx.waker().wake_by_ref();
                    Poll::Pending
                })
                .await
            }
        };
        let r = pollster::block_on(join(counting(3, "slow"), counting(1, "fast")));
        assert_eq!(r, ("slow", "fast"));
        // 4 polls of the slow one, 2 of the fast one: the finished one is not polled again.
        assert_eq!(polled.get(), 6);
    }

    #[test]
    fn join_all_answers_every_output_in_order() {
        let outputs = pollster::block_on(join_all(vec![
            after_polls(3, "a"),
            after_polls(0, "b"),
            after_polls(1, "c"),
        ]));
        assert_eq!(outputs, ["a", "b", "c"]);
        assert!(pollster::block_on(join_all(Vec::<std::future::Ready<()>>::new())).is_empty());
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
