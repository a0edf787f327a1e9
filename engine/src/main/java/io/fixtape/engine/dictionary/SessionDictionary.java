package io.fixtape.engine.dictionary;

import org.agrona.DirectBuffer;

/**
 * The dictionaries one session validates with. For FIX.4.x the transport and application dictionaries are the
 * same. For FIXT.1.1 the transport dictionary (FIXT11) covers header, trailer and admin messages and the
 * application dictionary is chosen per message by ApplVerID (1128) when present, else by the session's
 * DefaultApplVerID — the way QuickFIX/J's DefaultDataDictionaryProvider does.
 *
 * <p>Immutable, thread-safe; lookups allocate nothing.
 */
public final class SessionDictionary
{
    private final Dictionary transport;
    private final Dictionary defaultApplication;
    private final char defaultApplVerId;
    private final Dictionary[] byApplVerId = new Dictionary[ApplVerIds.VALUE_COUNT];

    private SessionDictionary(final Dictionary transport, final char defaultApplVerId, final Dictionary application)
    {
        this.transport = transport;
        this.defaultApplication = application;
        this.defaultApplVerId = defaultApplVerId;
        if (ApplVerIds.isValue(defaultApplVerId))
        {
            byApplVerId[defaultApplVerId - '0'] = application;
        }
    }

    /** FIX.4.x: one dictionary for everything. */
    public static SessionDictionary of(final Dictionary dictionary)
    {
        return new SessionDictionary(dictionary, (char)0, dictionary);
    }

    /** FIXT.1.1: transport dictionary plus the application dictionary for DefaultApplVerID (e.g. '9'). */
    public static SessionDictionary fixt(final Dictionary transport, final char defaultApplVerId, final Dictionary application)
    {
        if (!transport.isTransport())
        {
            throw new DictionaryException("not a transport (FIXT) dictionary: " + transport.version(), null);
        }
        return new SessionDictionary(transport, defaultApplVerId, application);
    }

    /** Another application dictionary for messages carrying ApplVerID {@code applVerId}; returns a new instance. */
    public SessionDictionary withApplication(final char applVerId, final Dictionary application)
    {
        final SessionDictionary copy = new SessionDictionary(transport, defaultApplVerId, defaultApplication);
        System.arraycopy(byApplVerId, 0, copy.byApplVerId, 0, byApplVerId.length);
        copy.byApplVerId[applVerId - '0'] = application;
        return copy;
    }

    /**
     * The same dictionaries with another DefaultApplVerID, as chosen by the counterparty's 1137 at Logon: its
     * application dictionary is the one configured for that ApplVerID if any, else {@code standard}. Returns a new
     * instance.
     */
    public SessionDictionary withDefaultApplVerId(final char applVerId, final Dictionary standard)
    {
        final Dictionary configured = byApplVerId[applVerId - '0'];
        final SessionDictionary copy = new SessionDictionary(transport, applVerId, configured != null ? configured : standard);
        for (int i = 0; i < byApplVerId.length; i++)
        {
            if (copy.byApplVerId[i] == null)
            {
                copy.byApplVerId[i] = byApplVerId[i];
            }
        }
        return copy;
    }

    public Dictionary transport()
    {
        return transport;
    }

    public Dictionary defaultApplication()
    {
        return defaultApplication;
    }

    /** DefaultApplVerID code ('7', '8', '9' …), or 0 for FIX.4.x. */
    public char defaultApplVerId()
    {
        return defaultApplVerId;
    }

    public boolean isFixt()
    {
        return transport != defaultApplication || transport.isTransport();
    }

    /**
     * Application dictionary for a message whose ApplVerID value is {@code buffer[offset, offset + length)};
     * {@code length <= 0} (absent) or an unconfigured value gives the default.
     */
    public Dictionary application(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length == 1)
        {
            final int code = buffer.getByte(offset) - '0';
            if (code >= 0 && code < byApplVerId.length && byApplVerId[code] != null)
            {
                return byApplVerId[code];
            }
        }
        return defaultApplication;
    }
}
