package io.fixtape.journal;

import java.nio.file.Path;

/** The words the journal uses to name damage and the ways out of it (one line each: logs, errors, tools). */
final class JournalDamage
{
    private JournalDamage()
    {
    }

    /** Why an engine does not start on a damaged journal, and what the operator does. */
    static String refusal(final Path directory, final String damage)
    {
        return "journal " + directory + " is damaged: " + damage + ". Not starting on it (records after the damage " +
            "would be lost and their sequence numbers reused). Inspect it with `fixtape journal verify " + directory +
            "`; restore the directory from a copy, or start with " + JournalContext.KEY_RECOVER_TRUNCATE +
            "=Y (--recover-truncate) to cut the journal at its last good record (the damaged queue is kept aside)";
    }
}
