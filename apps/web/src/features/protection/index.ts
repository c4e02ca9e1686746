// What other features may use of player protection: how a refusal by the player's own limit or break shows.
export { ProtectionRefusalNote } from './components/protection-refusal-note';
export { PROTECTION_REASONS, isProtectionRefusal } from './model/protection-reasons';
