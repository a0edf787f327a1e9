package io.fixtape.engine.config;

import io.fixtape.engine.session.ResendLimits;
import io.fixtape.engine.session.SessionConfig;

import java.util.concurrent.TimeUnit;

/**
 * The settings-file keys of {@link ResendLimits}: ResendBatchSize, MaxResendRequestRange, MaxResendRequestRepeats,
 * ResendRequestRepeatWindow, MaxSequenceResets and SequenceResetWindow, checked and set on a session's
 * {@link SessionConfig} with the same defaults as the Java API.
 */
final class ResendLimitSettings
{
    private ResendLimitSettings()
    {
    }

    static void apply(final Settings.Section section, final SessionConfig config)
    {
        final int batchSize = section.integer("ResendBatchSize", ResendLimits.DEFAULT_BATCH_SIZE);
        section.check(batchSize > 0, "ResendBatchSize", "must be > 0");
        final int maxRange = section.integer("MaxResendRequestRange", ResendLimits.DEFAULT_MAX_RANGE);
        section.check(maxRange >= 0, "MaxResendRequestRange", "must be >= 0 (0: unlimited)");
        final int maxRepeats = section.integer("MaxResendRequestRepeats", ResendLimits.DEFAULT_MAX_REPEATS);
        section.check(maxRepeats >= 0, "MaxResendRequestRepeats", "must be >= 0 (0: unlimited)");
        final int window = section.integer("ResendRequestRepeatWindow",
            (int)TimeUnit.NANOSECONDS.toSeconds(ResendLimits.DEFAULT_REPEAT_WINDOW_NANOS));
        section.check(window > 0, "ResendRequestRepeatWindow", "must be > 0 seconds");
        final int maxResets = section.integer("MaxSequenceResets", ResendLimits.DEFAULT_MAX_SEQUENCE_RESETS);
        section.check(maxResets >= 0, "MaxSequenceResets", "must be >= 0 (0: unlimited)");
        final int resetWindow = section.integer("SequenceResetWindow",
            (int)TimeUnit.NANOSECONDS.toSeconds(ResendLimits.DEFAULT_SEQUENCE_RESET_WINDOW_NANOS));
        section.check(resetWindow > 0, "SequenceResetWindow", "must be > 0 seconds");
        config.resendLimits().batchSize(batchSize).maxRange(maxRange).maxRepeats(maxRepeats)
            .repeatWindowNanos(TimeUnit.SECONDS.toNanos(window))
            .maxSequenceResets(maxResets).sequenceResetWindowNanos(TimeUnit.SECONDS.toNanos(resetWindow));
    }
}
