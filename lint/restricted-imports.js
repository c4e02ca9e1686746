// Shared by the zone files: each glob gets one `no-restricted-imports` rule, since a later one would replace, not add to, an earlier one's patterns.

/** A relative import that climbs into one of `folders` (`../../components/x`, `../api`). */
export const into = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

/** The rule that refuses imports matching any of `patterns` ({ regex, message }). */
export const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
