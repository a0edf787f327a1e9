package io.fixtape.apps;

/**
 * What {@code exec} uses while it answers one request — the typed codecs of each FIX version, the request read and
 * the report written — shared by every session whose callbacks run on the same thread. A thread runs one session's
 * callback at a time and nothing here outlives a {@link ExecApplication#reply} call, so one set per thread serves
 * thousands of sessions, where one set per session would cost each idle session tens of KiB of codecs.
 *
 * <p>Each version's codecs are created on the thread's first request of that version (once); afterwards nothing is
 * allocated. Threading: the owning thread only ({@link #current()}).
 */
final class ExecScratch
{
    /** {@link #codecs} of FIX 4.0–4.2 sessions. */
    static final int FIX42 = 0;
    /** {@link #codecs} of FIX 4.3 and 4.4 sessions. */
    static final int FIX44 = 1;
    /** {@link #codecs} of FIXT.1.1 sessions. */
    static final int FIX50SP2 = 2;

    private static final ThreadLocal<ExecScratch> PER_THREAD = ThreadLocal.withInitial(ExecScratch::new);

    final ExecRequest request = new ExecRequest();
    final ExecReport report = new ExecReport();
    private final ExecCodecs[] codecs = new ExecCodecs[3];

    private ExecScratch()
    {
    }

    /** The calling thread's set. */
    static ExecScratch current()
    {
        return PER_THREAD.get();
    }

    /** The {@link #codecs} version of a session's BeginString. */
    static int version(final String beginString)
    {
        switch (beginString)
        {
            case "FIX.4.0":
            case "FIX.4.1":
            case "FIX.4.2":
                return FIX42;
            case "FIXT.1.1":
                return FIX50SP2;
            default:
                return FIX44;
        }
    }

    /** The codecs of {@code version} ({@link #FIX42}, {@link #FIX44} or {@link #FIX50SP2}). */
    ExecCodecs codecs(final int version)
    {
        ExecCodecs c = codecs[version];
        if (c == null)
        {
            c = version == FIX42 ? new Fix42ExecCodecs() : version == FIX50SP2 ? new Fix50Sp2ExecCodecs() :
                new Fix44ExecCodecs();
            codecs[version] = c; // first request of this version on this thread only
        }
        return c;
    }
}
