//! `oriel-frame-host analytics --project ID [--days N] [--csv]`: the project's analytics
//! events per day by name and page origin, and its connections per method, from the database
//! the config names (`analytics::report`). JSON by default, CSV with `--csv`.

use clap::Args;

use crate::{
    analytics::report::{Report, MAX_DAYS},
    clock::Clock,
    config::Config,
    error::{Error, Result},
    store::Store,
};

/// What `analytics` reads.
#[derive(Debug, Args)]
pub(crate) struct AnalyticsArgs {
    /// The project's id.
    #[arg(long)]
    project: String,
    /// How many days back, up to 400.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DAYS)))]
    days: u32,
    /// CSV instead of JSON.
    #[arg(long)]
    csv: bool,
}

pub(super) async fn run(args: AnalyticsArgs) -> Result<()> {
    let config = Config::load()?;
    super::logging::init()?;
    if !config.projects.iter().any(|p| p.id == args.project) {
        return Err(Error::InvalidValue(format!(
            "analytics: no project {:?} in the config",
            args.project
        )));
    }
    let store = Store::open(&config.effective_database_url()).await?;
    let report = Report::read(&store, &args.project, args.days, Clock::system().now_ms()).await;
    store.close().await;
    let report = report?;
    if args.csv {
        print!("{}", report.to_csv());
    } else {
        let json = serde_json::to_string_pretty(&report)
            .map_err(|e| Error::InvalidValue(format!("analytics: {e}")))?;
        println!("{json}");
    }
    Ok(())
}
