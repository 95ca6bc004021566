//! Ranking a network's RPC URLs by how they have answered lately (spec §7: latency and
//! stability, weights 0.3 and 0.7, over 10 samples).
//!
//! Every attempt on a URL leaves one sample: a success with its latency (the endpoint gave an
//! answer that is not worth retrying, whatever its status), or a failure (network error,
//! timeout, or a retryable status). Only the last [`SAMPLES`] per URL count. Then, per URL:
//!
//! - `stability = successes / samples`, in 0..=1;
//! - `latency = 1 - mean / slowest`, in 0..=1, where `mean` is the URL's mean latency over
//!   its successful samples and `slowest` the largest such mean among the network's URLs: the
//!   slowest URL scores 0, an instant one 1. A URL with no successful sample scores 0; when
//!   every mean is 0 ms they all score 1;
//! - `score = 0.3 * latency + 0.7 * stability`.
//!
//! A URL with no samples yet scores 1 (as good as can be), so each URL is tried once and
//! measured instead of being shut out by the first one that answered. Equal scores keep the
//! configured order.

use std::collections::VecDeque;

/// Samples kept per URL.
pub const SAMPLES: usize = 10;

/// Weight of the latency score.
pub const LATENCY_WEIGHT: f64 = 0.3;

/// Weight of the stability score.
pub const STABILITY_WEIGHT: f64 = 0.7;

/// The last [`SAMPLES`] outcomes of one URL: `Some(latency_ms)` for a success, `None` for a
/// failure.
#[derive(Debug, Clone, Default)]
pub(crate) struct Health {
    samples: VecDeque<Option<u64>>,
}

impl Health {
    /// Records an attempt that got a usable answer after `latency_ms`.
    pub(crate) fn success(&mut self, latency_ms: u64) {
        self.push(Some(latency_ms));
    }

    /// Records an attempt that failed.
    pub(crate) fn failure(&mut self) {
        self.push(None);
    }

    fn push(&mut self, sample: Option<u64>) {
        if self.samples.len() == SAMPLES {
            self.samples.pop_front();
        }
        self.samples.push_back(sample);
    }

    /// Successes over samples; `None` before the first sample.
    fn stability(&self) -> Option<f64> {
        if self.samples.is_empty() {
            return None;
        }
        let ok = self.samples.iter().filter(|s| s.is_some()).count();
        Some(ok as f64 / self.samples.len() as f64)
    }

    /// Mean latency of the successes; `None` without one.
    fn mean_latency(&self) -> Option<f64> {
        let (sum, n) = self
            .samples
            .iter()
            .flatten()
            .fold((0u64, 0u32), |(sum, n), ms| {
                (sum.saturating_add(*ms), n + 1)
            });
        (n > 0).then(|| sum as f64 / f64::from(n))
    }
}

/// Each URL's score, in the order given.
pub(crate) fn scores(health: &[Health]) -> Vec<f64> {
    let slowest = health
        .iter()
        .filter_map(Health::mean_latency)
        .fold(0.0, f64::max);
    health
        .iter()
        .map(|h| {
            let Some(stability) = h.stability() else {
                return 1.0;
            };
            let latency = match h.mean_latency() {
                None => 0.0,
                Some(_) if slowest == 0.0 => 1.0,
                Some(mean) => 1.0 - mean / slowest,
            };
            LATENCY_WEIGHT * latency + STABILITY_WEIGHT * stability
        })
        .collect()
}

/// URL indices, best first; equal scores keep the configured order.
pub(crate) fn rank(health: &[Health]) -> Vec<usize> {
    let scores = scores(health);
    let mut order: Vec<usize> = (0..health.len()).collect();
    order.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn health(samples: &[Option<u64>]) -> Health {
        let mut h = Health::default();
        for s in samples {
            match s {
                Some(ms) => h.success(*ms),
                None => h.failure(),
            }
        }
        h
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn score_is_weighted_latency_and_stability() {
        // A: 4 of 5 ok, mean 100 ms. B: all ok, mean 400 ms (the slowest).
        let a = health(&[Some(50), Some(150), None, Some(100), Some(100)]);
        let b = health(&[Some(400), Some(400)]);
        let s = scores(&[a, b]);
        assert!(
            close(s[0], 0.3 * (1.0 - 100.0 / 400.0) + 0.7 * 0.8),
            "{s:?}"
        );
        assert!(close(s[1], 0.3 * 0.0 + 0.7 * 1.0), "{s:?}");
    }

    #[test]
    fn stability_outweighs_speed() {
        // Fast but failing half the time loses to slow and steady: 0.3 + 0.35 < 0.7.
        let flaky_fast = health(&[Some(1), None, Some(1), None]);
        let steady_slow = health(&[Some(900), Some(900)]);
        assert_eq!(rank(&[flaky_fast, steady_slow]), [1, 0]);
    }

    #[test]
    fn faster_wins_between_equally_stable() {
        let slow = health(&[Some(300), Some(300)]);
        let fast = health(&[Some(20), Some(30)]);
        assert_eq!(rank(&[slow, fast]), [1, 0]);
    }

    #[test]
    fn a_url_without_success_scores_zero() {
        let s = scores(&[health(&[None, None]), health(&[Some(10)])]);
        assert!(close(s[0], 0.0));
        assert!(
            close(s[1], 1.0 * 0.7 + 0.0 * 0.3),
            "the only measured URL is the slowest"
        );
    }

    #[test]
    fn untried_urls_score_best_and_ties_keep_config_order() {
        assert_eq!(rank(&[Health::default(), Health::default()]), [0, 1]);
        let tried = health(&[Some(10)]);
        assert_eq!(rank(&[tried, Health::default()]), [1, 0]);
    }

    #[test]
    fn all_instant_urls_score_full_latency() {
        let s = scores(&[health(&[Some(0)]), health(&[Some(0), None])]);
        assert!(close(s[0], 1.0));
        assert!(close(s[1], 0.3 + 0.35));
    }

    #[test]
    fn only_the_last_ten_samples_count() {
        let mut h = health(&[None; 10]);
        for _ in 0..SAMPLES {
            h.success(5);
        }
        assert_eq!(h.samples.len(), SAMPLES);
        assert_eq!(
            h.stability(),
            Some(1.0),
            "the ten old failures are forgotten"
        );
        h.failure();
        assert_eq!(h.stability(), Some(0.9));
    }
}
