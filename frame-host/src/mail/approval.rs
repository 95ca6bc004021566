//! The mails of an approval link (issue 38 H-1, L-1): the link itself, naming the device, site,
//! place and time it approves; the notice that the owner refused one; and the notice that
//! wrong codes paused code logins for the account.

use super::Outgoing;

/// The request an approval is about, in words (see `login::requester`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Described {
    /// The browser and system, such as "Chrome on macOS".
    pub(crate) device: String,
    /// The site the login is for.
    pub(crate) site: String,
    /// Where it came from, as far as frame-host knows (the IP network).
    pub(crate) place: String,
    /// When it was asked, "2026-12-07 06:35 UTC".
    pub(crate) time: String,
}

impl Described {
    fn lines(&self) -> String {
        format!(
            "Device: {}\nSite: {}\nPlace: {}\nTime: {}\n",
            self.device, self.site, self.place, self.time
        )
    }
}

/// The subject of an approval mail for a new device of an existing account.
const DEVICE_SUBJECT: &str = "Approve a new device for Oriel";
/// The subject of an approval mail for the sign-up of a new address.
const SIGNUP_SUBJECT: &str = "Confirm your email for Oriel";

impl Outgoing {
    /// The approval mail of a new device of an existing account, with its single-use link:
    /// the link opens a page that shows the same facts and asks.
    pub(crate) fn device_approval(to: &str, url: &str, about: &Described) -> Self {
        Self {
            to: to.into(),
            subject: DEVICE_SUBJECT.into(),
            text: format!(
                "Someone is signing in to your Oriel wallet from a new browser or site:\n\n{}\n\
                 To approve or refuse this device, open this link within 15 minutes:\n{url}\n\n\
                 The page it opens asks before anything happens. If you approve, a code follows \
                 in another email. If this was not you, press \"This wasn't me\" on that page, \
                 or ignore this email: nothing is approved without you.",
                about.lines()
            ),
        }
    }

    /// The sign-up mail of an address with no account yet: its link completes the sign-up
    /// (a code follows once the page is confirmed), so no code can be guessed before.
    pub(crate) fn signup_approval(to: &str, url: &str, about: &Described) -> Self {
        Self {
            to: to.into(),
            subject: SIGNUP_SUBJECT.into(),
            text: format!(
                "Someone is creating an Oriel wallet with this email address:\n\n{}\n\
                 To confirm it is you, open this link within 15 minutes:\n{url}\n\n\
                 The page it opens asks before anything happens. If you confirm, a code follows \
                 in another email. If this was not you, press \"This wasn't me\" on that page, \
                 or ignore this email: no wallet is made without you.",
                about.lines()
            ),
        }
    }

    /// The notice that the owner refused a sign-in on the approval page ("This wasn't me").
    pub(crate) fn sign_in_refused(to: &str, about: &Described) -> Self {
        Self {
            to: to.into(),
            subject: "You refused a sign-in to your Oriel wallet".into(),
            text: format!(
                "You pressed \"This wasn't me\" for this sign-in:\n\n{}\n\
                 It was refused: that device got no access. Someone who knows your email \
                 address asked for it. If this keeps happening, keep your mailbox safe: it is \
                 the key to your wallet's sign-in.",
                about.lines()
            ),
        }
    }

    /// The notice that wrong codes spent the account's daily budget and code logins for it are
    /// paused (issue 38 H-1, security review W9). Sent once per pause.
    pub(crate) fn codes_locked(to: &str) -> Self {
        Self {
            to: to.into(),
            subject: "Wrong Oriel codes entered for your address".into(),
            text: "10 wrong sign-in codes were entered for your Oriel wallet today.\n\n\
                   Signing in with a code is paused for this account for 24 hours, on every \
                   device. If this was not you, someone may be guessing: the codes were not \
                   accepted, and nothing else is needed."
                .into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approval_mails_name_device_site_place_and_time() {
        let about = Described {
            device: "Chrome on macOS".into(),
            site: "https://shop.example.com".into(),
            place: "the IP network 203.0.113.0/24".into(),
            time: "2026-12-07 06:35 UTC".into(),
        };
        let url = "https://wallet.test/auth/v1/device/approve?token=00ff";
        for m in [
            Outgoing::device_approval("a@b.c", url, &about),
            Outgoing::signup_approval("a@b.c", url, &about),
        ] {
            assert!(m.text.contains(url));
            for fact in [
                "Device: Chrome on macOS",
                "Site: https://shop.example.com",
                "Place: the IP network 203.0.113.0/24",
                "Time: 2026-12-07 06:35 UTC",
            ] {
                assert!(m.text.contains(fact), "{fact} in {}", m.text);
            }
        }
    }
}
