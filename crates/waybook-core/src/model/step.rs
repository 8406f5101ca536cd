//! One shape for every step a GM plays (a travel phase, a gathering test,
//! an advance, a scene's action, a hazard, the weather): its log kind, the
//! check the screen greys its button with and play makes first, the play
//! itself with the one dice source, and the words a refusal begins with.
//! The window plays any step through one command, [`PlayStep`], and the
//! screens draw one button for any of them.

use super::{CampaignData, Edit, LogKind};
use waybook_rules::dice::Dice;

/// A step of play, implemented by each domain's step type.
pub trait Step: std::fmt::Debug {
    /// Why a step may not be played, in the GM's words.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Where its rolls are kept in the campaign log.
    fn kind(&self) -> LogKind;

    /// What a refusal of the step begins with ("The camp could not be made").
    fn failure(&self) -> &'static str;

    /// Whether the step may be played on the campaign as it is, and why not.
    fn check(&self, data: &CampaignData) -> Result<(), Self::Error>;

    /// The edit playing the step makes, rolling `dice`.
    fn play(&self, data: &CampaignData, dice: &mut Dice) -> Result<Edit, Self::Error>;

    /// The step's name without what it carries ("Camp"), for a crash
    /// report: no name or text of the campaign.
    fn name(&self) -> String {
        variant_name(self)
    }
}

/// The name of a value's variant ("Camp"), without what it carries.
pub fn variant_name(value: &(impl std::fmt::Debug + ?Sized)) -> String {
    let said = format!("{value:?}");
    said.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Any [`Step`], its errors said in words: what a front end holds to play
/// a step of any domain the same way.
pub trait PlayStep: std::fmt::Debug + Send {
    fn kind(&self) -> LogKind;
    fn failure(&self) -> &'static str;
    /// The refusal in words, if the step may not be played now.
    fn refusal(&self, data: &CampaignData) -> Option<String>;
    fn play(&self, data: &CampaignData, dice: &mut Dice) -> Result<Edit, String>;
    fn name(&self) -> String;
}

impl<S: Step + Send> PlayStep for S {
    fn kind(&self) -> LogKind {
        Step::kind(self)
    }
    fn failure(&self) -> &'static str {
        Step::failure(self)
    }
    fn refusal(&self, data: &CampaignData) -> Option<String> {
        self.check(data).err().map(|e| e.to_string())
    }
    fn play(&self, data: &CampaignData, dice: &mut Dice) -> Result<Edit, String> {
        Step::play(self, data, dice).map_err(|e| e.to_string())
    }
    fn name(&self) -> String {
        Step::name(self)
    }
}

/// The [`Step`] of a domain whose module has `check(data, &step)` and
/// `play(data, &step, dice)`, and whose step names its `failure`.
macro_rules! domain_step {
    ($step:ty, $error:ty, $kind:expr, check: $check:path, play: $play:path) => {
        impl $crate::model::step::Step for $step {
            type Error = $error;
            fn kind(&self) -> $crate::model::LogKind {
                $kind
            }
            fn failure(&self) -> &'static str {
                <$step>::failure(self)
            }
            fn check(&self, data: &$crate::model::CampaignData) -> std::result::Result<(), $error> {
                $check(data, self)
            }
            fn play(
                &self,
                data: &$crate::model::CampaignData,
                dice: &mut waybook_rules::dice::Dice,
            ) -> std::result::Result<$crate::model::Edit, $error> {
                $play(data, self, dice)
            }
        }
    };
}
pub(crate) use domain_step;
