//! `oriel-frame-host check-config`: reads the config as `serve` would (defaults, the
//! `ORIEL_CONFIG` file, the environment), checks every setting, and lists what production mode
//! would refuse, without opening the database or a port. Exit 0 when production would start
//! on it, 1 otherwise (a setting that does not parse is an error of its own).

use crate::{
    config::Config,
    error::{Error, Result},
};

pub(super) fn run() -> Result<()> {
    let config = Config::load_settings()?;
    let refusals = config.production_refusals();
    println!("config: every setting reads and checks out");
    if refusals.is_empty() {
        println!("production mode: would start");
        return Ok(());
    }
    println!(
        "production mode would refuse {} setting(s):",
        refusals.len()
    );
    for refusal in &refusals {
        match refusal {
            Error::DevSettingInProduction { setting, why } => println!("  - {setting}: {why}"),
            other => println!("  - {other}"),
        }
    }
    Err(Error::ProductionRefusals(refusals.len()))
}
