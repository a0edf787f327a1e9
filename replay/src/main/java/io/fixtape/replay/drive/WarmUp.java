package io.fixtape.replay.drive;

import io.fixtape.replay.recording.SessionRecording;

/**
 * Warms the JIT before a measured replay: replays the recording's first {@code inbound} messages into throw-away
 * engines, round after round, until a round in which the JIT compiled for at most {@link #QUIET_PERCENT}% of the
 * round's elapsed time (the compiler is quiet: the hot path has its final code) or {@code maxRounds} rounds ran.
 *
 * <p>One round of the standard 20,000-message warm-up is the default. On a 2-vCPU machine one round can leave C2
 * compiling the engine for the first 1–2 s of a 2M-message measured window (visible with
 * {@code -XX:+PrintCompilation}), so a throughput figure taken after one round partly measures the compiler; more
 * rounds are asked for explicitly and reported with the result ({@link Result}).
 */
public final class WarmUp
{
    /** A round is quiet when its JIT compile time is at most this share of its elapsed time. */
    public static final int QUIET_PERCENT = 2;

    private WarmUp()
    {
    }

    /** What the warm-up did. */
    public static final class Result
    {
        public final int rounds;
        public final int maxRounds;
        public final long inboundPerRound;
        public final long outboundPerRound;
        /** JIT compile time during the last round, ms (-1 unknown). */
        public final long lastRoundCompileMillis;
        /** Elapsed time of the last round, ms. */
        public final long lastRoundMillis;
        /** Whether the last round was quiet (see {@link WarmUp}). */
        public final boolean jitQuiet;

        Result(final int rounds, final int maxRounds, final long inboundPerRound, final long outboundPerRound,
            final long lastRoundCompileMillis, final long lastRoundMillis, final boolean jitQuiet)
        {
            this.rounds = rounds;
            this.maxRounds = maxRounds;
            this.inboundPerRound = inboundPerRound;
            this.outboundPerRound = outboundPerRound;
            this.lastRoundCompileMillis = lastRoundCompileMillis;
            this.lastRoundMillis = lastRoundMillis;
            this.jitQuiet = jitQuiet;
        }

        /** One line for the console and the JSON profile. */
        public String describe()
        {
            return String.format("%d round(s) of %d inbound, %d outbound (discarded; at most %d); last round %d ms " +
                "with %s ms JIT compile: %s", rounds, inboundPerRound, outboundPerRound, maxRounds, lastRoundMillis,
                lastRoundCompileMillis < 0 ? "?" : Long.toString(lastRoundCompileMillis),
                lastRoundCompileMillis < 0 ? "JIT activity unknown" : jitQuiet ? "JIT quiet" : "JIT still compiling");
        }
    }

    /** Whether a round that took {@code elapsedMillis} with {@code compileMillis} of JIT compilation was quiet. */
    static boolean isQuiet(final long compileMillis, final long elapsedMillis)
    {
        return compileMillis >= 0 && compileMillis * 100 <= elapsedMillis * QUIET_PERCENT;
    }

    /**
     * @param options   the measured run's options (the warm-up uses the same transport, pacing, application and
     *                  journal, never collects outbound messages, logs no latencies and asks for no placement).
     * @param inbound   inbound messages per round (the recording's first ones).
     * @param maxRounds at most this many rounds (at least 1).
     */
    public static Result run(final Replayer replayer, final SessionRecording recording, final ReplayOptions options,
        final int inbound, final int maxRounds)
    {
        return run(replayer, ReplayPlan.of(recording), options, inbound, maxRounds);
    }

    /**
     * As {@link #run(Replayer, SessionRecording, ReplayOptions, int, int)} for the sessions of {@code plan}: a
     * round replays its first {@code inbound} inbound messages (recorded order, all sessions).
     */
    public static Result run(final Replayer replayer, final ReplayPlan plan, final ReplayOptions options,
        final int inbound, final int maxRounds)
    {
        if (inbound <= 0 || maxRounds < 1)
        {
            throw new IllegalArgumentException("warm-up needs inbound > 0 and maxRounds >= 1: " + inbound + ", " +
                maxRounds);
        }
        final ReplayPlan prefix = plan.prefix(inbound);
        final ReplayOptions warmOptions = new ReplayOptions()
            .transport(options.transport()).pacing(options.pacing()).application(options.application())
            .journalMode(options.journalMode()).engineThread(options.engineThread()).collectOutbound(false)
            .acceptorModel(options.acceptorModel()).acceptorThreads(options.acceptorThreads());
        options.journalSettings().forEach(warmOptions::journalSetting); // the same journal as the measured run
        int rounds = 0;
        ReplayResult last;
        long compile;
        long elapsedMillis;
        boolean quiet;
        do
        {
            final long compileBefore = JitActivity.compileMillis();
            final long start = System.nanoTime();
            last = replayer.run(prefix, warmOptions);
            elapsedMillis = Math.max(1, (System.nanoTime() - start) / 1_000_000);
            compile = JitActivity.compileMillisSince(compileBefore);
            rounds++;
            quiet = isQuiet(compile, elapsedMillis);
        }
        while (rounds < maxRounds && !quiet);
        return new Result(rounds, maxRounds, last.inboundSent, last.outboundReplayed, compile, elapsedMillis, quiet);
    }
}
