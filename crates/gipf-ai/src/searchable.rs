//! What the search needs of a game: one trait, so that one search plays the base game on
//! the fast [`gipf::Position`] and the games with potentials on [`gipf::potentials::Game`].

use std::fmt;

use gipf::{Bitboard, Color, Outcome};

use crate::{Score, TurnError, Weights};

/// The action of a turn as a small number for the killer and history tables; equal
/// actions in sibling positions get equal ids. [`NO_ACTION`] for a turn that ended the game
/// before its action.
pub type ActionId = u16;

/// A turn without an action.
pub const NO_ACTION: ActionId = u16::MAX;

/// A game the engine can search: a state resting at a decision, the complete turns of the
/// player to move, and a judgement of the state.
///
/// Implemented for [`gipf::Position`] (the base game, the fast kernel) and for
/// [`gipf::potentials::Game`] (every game, potentials and Ultimate GIPF among them).
pub trait Searchable: Clone + fmt::Debug + Sized {
    /// A complete turn as the rules crate records it; `{:#}` writes it with the reserve
    /// after it, in the notation the rules crate reads back.
    type Turn: Clone + fmt::Debug + fmt::Display + PartialEq;

    /// The player to move.
    fn to_move(&self) -> Color;

    /// How the game ended, if it did.
    fn outcome(&self) -> Option<Outcome>;

    /// A Zobrist key of everything that decides the game from here.
    fn key(&self) -> u64;

    /// Pieces of `color` captured by the opponent (a GIPF-piece counts 2).
    fn lost(&self, color: Color) -> u8;

    /// Pieces `color` may still bring in.
    fn reserve(&self, color: Color) -> u8;

    /// GIPF-pieces of `color` on the board.
    fn gipf_count(&self, color: Color) -> u32;

    /// The spots of `color`'s pieces (the tops of stacks with potentials).
    fn pieces(&self, color: Color) -> Bitboard;

    /// Whether the player to move is at the action of his turn, nothing left to decide
    /// before it: a state the evaluation may judge as it stands.
    fn at_action(&self) -> bool;

    /// Calls `emit` with the state after each way to finish the turn of the player to move,
    /// the turn itself, and its action's id. Choices among the optional pieces of a row
    /// may be narrowed to the sensible ones; every turn emitted is legal.
    fn each_turn(&self, emit: &mut dyn FnMut(Self, Option<Self::Turn>, ActionId));

    /// How good the state is for the player to move, in centi-pieces.
    fn evaluate(&self, weights: &Weights) -> Score;

    /// Windows of four spots on a line with three pieces of `color` and an empty spot.
    fn open_threes(&self, color: Color) -> Score;

    /// The same board with the other player to move: what he could do if he moved now.
    fn passed(&self) -> Option<Self>;

    /// Pieces a turn took off the board, and how many of them were the opponent's.
    fn removed(turn: &Self::Turn) -> (u32, u32);

    /// Plays a complete turn written in the game's notation.
    fn play_notation(&mut self, text: &str) -> Result<(), TurnError>;
}
