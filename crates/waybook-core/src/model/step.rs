//! One shape for every step a GM plays (a travel phase, a gathering test,
//! an advance, a scene's action, a hazard, the weather): its log kind, the
//! check the screen greys its button with and play makes first, the play
//! itself with the one dice source, and the words a refusal begins with.
//! The window plays any step through one command, [`PlayStep`], and the
//! screens draw one button for any of them.

use super::{CampaignData, Edit, LogKind};
use waybook_rules::RuleError;
use waybook_rules::dice::{Dice, DiceError};
use waybook_rules::nested::NestError;

/// Why a step of any domain may not be played, for the causes every
/// domain shares: each domain's error holds these as one variant
/// (`Step`), beside the causes that are its own.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    #[error("there is no such character")]
    NoCharacter,
    /// A rule of the texts refused it, in the rule's words.
    #[error("{0}")]
    Rules(String),
    #[error(transparent)]
    Nested(#[from] NestError),
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl StepError {
    /// A rule's refusal, in its words.
    pub fn rules(said: impl std::fmt::Display) -> Self {
        StepError::Rules(said.to_string())
    }
}

/// A rule's refusal, in its words, as the error of the domain that
/// returns it (`return Err(refused("…"))`).
pub fn refused<E: From<StepError>>(said: impl std::fmt::Display) -> E {
    StepError::rules(said).into()
}

impl From<RuleError> for StepError {
    fn from(e: RuleError) -> Self {
        StepError::Rules(e.message)
    }
}

/// A domain error's `Step(StepError)` variant, reached from each shared
/// cause with `?`: a rule's refusal, a table that rolls others, a die.
macro_rules! shared_causes {
    ($error:ty) => {
        impl From<waybook_rules::RuleError> for $error {
            fn from(e: waybook_rules::RuleError) -> Self {
                $crate::model::step::StepError::from(e).into()
            }
        }
        impl From<waybook_rules::nested::NestError> for $error {
            fn from(e: waybook_rules::nested::NestError) -> Self {
                $crate::model::step::StepError::from(e).into()
            }
        }
        impl From<waybook_rules::dice::DiceError> for $error {
            fn from(e: waybook_rules::dice::DiceError) -> Self {
                $crate::model::step::StepError::from(e).into()
            }
        }
    };
}
pub(crate) use shared_causes;

/// A step of play, implemented by each domain's step type.
pub trait Step: std::fmt::Debug {
    /// Why a step may not be played, in the GM's words: the domain's own
    /// causes and the shared ones ([`StepError`]).
    type Error: std::error::Error + From<StepError> + Send + Sync + 'static;

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
