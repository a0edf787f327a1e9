package io.fixtape.replay.drive;

import java.util.Locale;

/** The transports a recording can be re-driven through. */
public enum TransportKind
{
    /** In-process ring buffers, no sockets; engine and counterparty stepped on one thread. */
    INPROC("inproc"),
    /** Kernel TCP on loopback (the engine's NIO transport on both ends). */
    TCP("tcp"),
    /** Aeron IPC through an embedded media driver. */
    AERON_IPC("aeron-ipc"),
    /** Aeron UDP unicast on loopback through an embedded media driver. */
    AERON_UDP("aeron-udp");

    private final String cliName;

    TransportKind(final String cliName)
    {
        this.cliName = cliName;
    }

    public String cliName()
    {
        return cliName;
    }

    public static TransportKind fromCli(final String name)
    {
        for (final TransportKind kind : values())
        {
            if (kind.cliName.equals(name.toLowerCase(Locale.ROOT)))
            {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + name + "': inproc, tcp, aeron-ipc or aeron-udp");
    }
}
