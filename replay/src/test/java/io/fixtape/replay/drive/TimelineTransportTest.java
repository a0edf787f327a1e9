package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class TimelineTransportTest
{
    private static byte[] heartbeat(final int seq)
    {
        return message("35=0\u000134=" + seq + "\u0001");
    }

    private static byte[] logon(final int seq)
    {
        return message("35=A\u000134=" + seq + "\u000149=E\u000156=C\u000198=0\u0001108=30\u0001");
    }

    /** A FIX 4.4 message of {@code body} with its BodyLength and CheckSum. */
    private static byte[] message(final String body)
    {
        final String withLength = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : withLength.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (withLength + "10=" + String.format("%03d", sum % 256) + "\u0001").getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void eachMessageSeesItsRecordedTimeWhateverTheChunking()
    {
        final InProcPipe pipe = new InProcPipe(64 * 1024);
        final long[] recorded = {1_000, 2_000, 2_000, 1_500, 9_000};
        final SessionRecording recording = new SessionRecording(new SessionId("FIX.4.4", "E", "C"));
        for (int i = 0; i < recorded.length; i++)
        {
            final byte[] message = heartbeat(i + 1);
            recording.add(true, recorded[i], new UnsafeBuffer(message), 0, message.length);
        }
        final ReplayClock clock = new ReplayClock(0);
        final TimelineTransport engineSide =
            new TimelineTransport(pipe.acceptor(), clock, new Timeline(recording));
        final LongArrayList seenAt = new LongArrayList();
        final TransportListener engine = new TransportListener()
        {
            @Override
            public void onConnected(final Connection connection, final boolean initiated)
            {
                seenAt.addLong(-clock.nanoTime());
            }

            @Override
            public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
            {
                seenAt.addLong(clock.nanoTime());
            }

            @Override
            public void onDisconnected(final Connection connection, final DisconnectReason reason)
            {
            }
        };
        final Connection[] counterparty = new Connection[1];
        final TransportListener counterpartyListener = new TransportListener()
        {
            @Override
            public void onConnected(final Connection connection, final boolean initiated)
            {
                counterparty[0] = connection;
            }

            @Override
            public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
            {
            }

            @Override
            public void onDisconnected(final Connection connection, final DisconnectReason reason)
            {
            }
        };
        pipe.initiator().poll(counterpartyListener);
        engineSide.poll(engine);
        // five messages written as: two together, one split in three pieces, two together
        final java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        for (int i = 1; i <= 5; i++)
        {
            stream.writeBytes(heartbeat(i));
        }
        final byte[] bytes = stream.toByteArray();
        final int one = heartbeat(1).length;
        final int[] cuts = {0, 2 * one, 2 * one + 3, 2 * one + 20, 3 * one, bytes.length};
        for (int i = 0; i + 1 < cuts.length; i++)
        {
            counterparty[0].write(new UnsafeBuffer(bytes), cuts[i], cuts[i + 1] - cuts[i]);
            engineSide.poll(engine);
        }
        assertEquals(6, seenAt.size());
        assertEquals(-1_000, seenAt.getLong(0), "connected at the first inbound time");
        assertEquals(1_000, seenAt.getLong(1));
        assertEquals(2_000, seenAt.getLong(2));
        assertEquals(2_000, seenAt.getLong(3));
        assertEquals(2_000, seenAt.getLong(4), "never backwards");
        assertEquals(9_000, seenAt.getLong(5));
        assertEquals(5, engineSide.delivered());
    }

    /**
     * A reconnecting initiator may try to connect before the counterparty has seen its previous connection end (the
     * replay thread is behind): its connect is held, neither made nor refused, until the replay says the
     * counterparty is ready; then it is refused once and the retry goes through.
     */
    @Test
    void anInitiatorsConnectWaitsUntilTheCounterpartyIsReady()
    {
        final SessionRecording recording = new SessionRecording(new SessionId("FIX.4.4", "E", "C"));
        final byte[] engineLogon = logon(1);
        final byte[] counterpartyLogon = logon(1);
        recording.add(false, 1_000, new UnsafeBuffer(engineLogon), 0, engineLogon.length);
        recording.add(true, 2_000, new UnsafeBuffer(counterpartyLogon), 0, counterpartyLogon.length);
        final LongArrayList innerConnects = new LongArrayList();
        final io.fixtape.engine.transport.Transport inner = new io.fixtape.engine.transport.Transport()
        {
            @Override
            public int poll(final TransportListener listener)
            {
                return 0;
            }

            @Override
            public boolean canConnect()
            {
                return true;
            }

            @Override
            public long connect(final java.net.InetSocketAddress address)
            {
                innerConnects.addLong(address.getPort());
                return 7;
            }

            @Override
            public String name()
            {
                return "stub";
            }

            @Override
            public void close()
            {
            }
        };
        final java.net.InetSocketAddress address = new java.net.InetSocketAddress("127.0.0.1", 9876);
        final TimelineTransport engineSide = new TimelineTransport(inner, new ReplayClock(0), new Timeline(recording))
            .sessionAddresses(new java.net.InetSocketAddress[] {address}).connectsWaitForCounterparty();
        final LongArrayList failed = new LongArrayList();
        final TransportListener engine = new TransportListener()
        {
            @Override
            public void onConnected(final Connection connection, final boolean initiated)
            {
            }

            @Override
            public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
            {
            }

            @Override
            public void onDisconnected(final Connection connection, final DisconnectReason reason)
            {
            }

            @Override
            public void onConnectFailed(final long connectionId)
            {
                failed.addLong(connectionId);
            }
        };

        engineSide.poll(engine);
        final long held = engineSide.connect(address);
        for (int i = 0; i < 5; i++)
        {
            engineSide.poll(engine);
        }
        assertEquals(0, innerConnects.size(), "not connected before the counterparty is ready");
        assertEquals(0, failed.size(), "nor refused: the initiator just waits");

        engineSide.counterpartyReady(0);
        engineSide.poll(engine);
        assertEquals(1, failed.size());
        assertEquals(held, failed.getLong(0), "the held connect is refused once");
        assertEquals(7, engineSide.connect(address), "the retry connects");
        assertEquals(1, innerConnects.size());
    }
}
