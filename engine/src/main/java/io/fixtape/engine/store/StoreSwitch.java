package io.fixtape.engine.store;

/**
 * The "store compiled out" build flavour ({@code JournalMode=none} at its strongest). Read once, at class
 * initialisation, from the system property {@value #PROPERTY} (default {@code false}). Because {@link #COMPILED_OUT}
 * is a {@code static final} constant, every hot-path store call the session guards with it
 * ({@code if (!StoreSwitch.COMPILED_OUT) store.onOutbound(...)}) is folded away by the JIT when the property is
 * {@code true}: the compiled session contains no store code, as if the calls were deleted from the source.
 *
 * <p>What is guarded: the inbound audit ({@link MessageStore#onInbound}), the outbound journal
 * ({@link MessageStore#onOutbound}), the per-message sequence write-through and resend replay (a ResendRequest is
 * answered by SequenceReset-GapFill). The sequence numbers themselves live in the session, so a session still works.
 *
 * <p>Precedence: {@code JournalMode=none} (or {@code MessageStore=none}) in the settings selects
 * {@link NoMessageStore} per session, at run time; this switch is per JVM and stronger. With it set, a session
 * given a store that persists messages fails at construction with {@link IllegalStateException} naming the
 * property, instead of silently dropping what that store was configured to keep.
 *
 * <p>Immutable; thread-safe.
 */
public final class StoreSwitch
{
    /** System property that compiles the store out of the session's hot path. */
    public static final String PROPERTY = "fixtape.store.compiledOut";

    /** True: the hot path makes no store call. Default false. */
    public static final boolean COMPILED_OUT = Boolean.getBoolean(PROPERTY);

    private StoreSwitch()
    {
    }

    /**
     * Refuse a store whose contract the compiled-out session cannot honour.
     *
     * @throws IllegalStateException if compiled out and {@code store} persists messages for resend.
     */
    public static void checkCompatible(final MessageStore store)
    {
        if (COMPILED_OUT && store.persistsMessages())
        {
            throw new IllegalStateException("-D" + PROPERTY + "=true compiles the store out, but the session was " +
                "configured with a persisted store (" + store.getClass().getSimpleName() + "): use JournalMode=none " +
                "(NoMessageStore) or run without -D" + PROPERTY);
        }
    }
}
