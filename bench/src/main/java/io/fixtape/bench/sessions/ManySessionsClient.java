package io.fixtape.bench.sessions;

import io.fixtape.bench.harness.client.FixScanner;
import io.fixtape.bench.harness.client.FixWriter;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The counterparties of the many-session bench, all in one thread over one selector: N FIX.4.4 sessions
 * {@code C<i> -> TARGET} logging on to one acceptor template (ResetSeqNumFlag=Y), sending a Heartbeat every
 * HeartBtInt, answering TestRequests, counting the Heartbeats they receive, and timing NewOrderSingle round trips on
 * one of them (to its first ExecutionReport). {@link LoadPhase} drives many of them at once through
 * {@link #sendOrder} and {@link #pollNow}, and sees every ExecutionReport through {@link ExecutionReports}.
 * A bench tool: simple, not allocation-free.
 */
final class ManySessionsClient implements AutoCloseable
{
    private static final byte[] LOGON = {'A'};
    private static final byte[] HEARTBEAT = {'0'};
    private static final byte[] ORDER = {'D'};
    private static final byte[] SYMBOL = "ACME".getBytes(StandardCharsets.US_ASCII);

    /** Told every ExecutionReport as it is read, with the time of the read that brought it. */
    interface ExecutionReports
    {
        void onExecutionReport(Peer peer, byte[] bytes, int offset, int length, long readNanos);
    }

    /** One counterparty session. */
    static final class Peer
    {
        final int index;
        final SocketChannel channel;
        final FixWriter writer;
        final ByteBuffer in = ByteBuffer.allocate(16 * 1024);
        long nextSeqNum = 1;
        boolean loggedOn;
        boolean closed;
        String closedBecause;
        int heartbeatsReceived;
        int executionReports;
        long lastSentNanos;

        Peer(final int index, final SocketChannel channel, final String target)
        {
            this.index = index;
            this.channel = channel;
            this.writer = new FixWriter(1024, "C" + index, target);
        }
    }

    private final Selector selector;
    private final List<Peer> peers = new ArrayList<>();
    private final InetSocketAddress address;
    private final String target;
    private final int heartBtIntSeconds;
    private long lastHeartbeatRound;
    private String firstLogoutText;
    private ExecutionReports executionReports;
    private long readNanos;
    private int rejects;

    ManySessionsClient(final InetSocketAddress address, final String target, final int heartBtIntSeconds) throws IOException
    {
        this.selector = Selector.open();
        this.address = address;
        this.target = target;
        this.heartBtIntSeconds = heartBtIntSeconds;
    }

    /** Connect and send the Logon of {@code count} more sessions (not waiting for the replies). */
    void connectAndLogOn(final int count) throws IOException
    {
        for (int i = 0; i < count; i++)
        {
            final SocketChannel channel = SocketChannel.open(address);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(false);
            final Peer peer = new Peer(peers.size() + 1, channel, target);
            channel.register(selector, SelectionKey.OP_READ, peer);
            peers.add(peer);
            peer.writer.begin(LOGON, peer.nextSeqNum++, System.currentTimeMillis())
                .field(98, 0).field(108, heartBtIntSeconds).field(141, "Y".getBytes(StandardCharsets.US_ASCII));
            send(peer);
            if ((i & 63) == 63)
            {
                poll(0); // keep the replies flowing while thousands connect
            }
        }
    }

    /** Poll until every session is logged on or {@code timeoutNanos} passed. @return sessions logged on. */
    int awaitLogons(final long timeoutNanos) throws IOException
    {
        final long deadline = System.nanoTime() + timeoutNanos;
        while (loggedOn() < peers.size() && System.nanoTime() < deadline)
        {
            poll(10);
        }
        return loggedOn();
    }

    /** Keep every session alive (Heartbeats out, TestRequests answered) for {@code nanos}. */
    void run(final long nanos) throws IOException
    {
        final long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end)
        {
            poll(10);
        }
    }

    /**
     * Sequential round trips on session {@code index} (1-based): NewOrderSingle out, wait for its first
     * ExecutionReport, while all other sessions are kept alive.
     *
     * @return the round trips in nanoseconds.
     */
    long[] roundTrips(final int index, final int count) throws IOException
    {
        final Peer peer = peers.get(index - 1);
        final long[] nanos = new long[count];
        for (int i = 0; i < count; i++)
        {
            final int before = peer.executionReports;
            final long start = System.nanoTime();
            peer.writer.begin(ORDER, peer.nextSeqNum++, System.currentTimeMillis())
                .field(11, ("O" + i).getBytes(StandardCharsets.US_ASCII)).field(21, 1).field(38, 100).field(40, 1)
                .field(54, 1).field(55, SYMBOL).timestampField(60, System.currentTimeMillis());
            send(peer);
            final long deadline = start + TimeUnit.SECONDS.toNanos(10);
            while (peer.executionReports == before)
            {
                if (System.nanoTime() > deadline || peer.closed)
                {
                    throw new IOException("no ExecutionReport on session C" + index + " for order " + i);
                }
                poll(-1);
            }
            nanos[i] = System.nanoTime() - start;
        }
        return nanos;
    }

    /**
     * A NewOrderSingle (market, 100 ACME) on {@code peer} with a numeric ClOrdID.
     *
     * @return false when the session was closed (nothing sent).
     */
    boolean sendOrder(final Peer peer, final long clOrdId) throws IOException
    {
        if (peer.closed)
        {
            return false;
        }
        final long epochMillis = System.currentTimeMillis();
        peer.writer.begin(ORDER, peer.nextSeqNum++, epochMillis)
            .field(11, clOrdId).field(21, 1).field(38, 100).field(40, 1).field(54, 1).field(55, SYMBOL)
            .timestampField(60, epochMillis);
        send(peer);
        return !peer.closed;
    }

    /** One pass without waiting: read what has arrived, send the Heartbeats due. @return channels read. */
    int pollNow() throws IOException
    {
        return poll(0);
    }

    /** Every ExecutionReport from now on goes to {@code listener} too (null: none). */
    void executionReports(final ExecutionReports listener)
    {
        this.executionReports = listener;
    }

    /** Session-level Rejects and BusinessMessageRejects received (35=3, 35=j). */
    int rejects()
    {
        return rejects;
    }

    /** The sessions, C1 first. */
    List<Peer> peers()
    {
        return peers;
    }

    int sessions()
    {
        return peers.size();
    }

    int loggedOn()
    {
        int n = 0;
        for (final Peer peer : peers)
        {
            n += peer.loggedOn && !peer.closed ? 1 : 0;
        }
        return n;
    }

    int closed()
    {
        int n = 0;
        for (final Peer peer : peers)
        {
            n += peer.closed ? 1 : 0;
        }
        return n;
    }

    /** The first few dropped sessions and why, e.g. "C2 closed by the engine", or an empty string. */
    String droppedSummary()
    {
        final StringBuilder sb = new StringBuilder();
        int shown = 0;
        for (final Peer peer : peers)
        {
            if (peer.closed && shown++ < 5)
            {
                sb.append(sb.length() == 0 ? "" : ", ").append('C').append(peer.index).append(' ')
                    .append(peer.closedBecause);
            }
        }
        return sb.toString();
    }

    /** The Text of the first Logout the engine sent (why a session was dropped), or null. */
    String firstLogoutText()
    {
        return firstLogoutText;
    }

    /** Fewest Heartbeats any open session received. */
    int minHeartbeats()
    {
        int min = Integer.MAX_VALUE;
        for (final Peer peer : peers)
        {
            min = Math.min(min, peer.heartbeatsReceived);
        }
        return peers.isEmpty() ? 0 : min;
    }

    void resetHeartbeatCounts()
    {
        for (final Peer peer : peers)
        {
            peer.heartbeatsReceived = 0;
        }
    }

    /**
     * @param waitMillis selector wait: 0 now, &gt; 0 up to that long, -1 busy (selectNow).
     * @return channels read.
     */
    private int poll(final long waitMillis) throws IOException
    {
        final int ready = waitMillis > 0 ? selector.select(waitMillis) : selector.selectNow();
        for (final SelectionKey key : selector.selectedKeys())
        {
            read((Peer)key.attachment());
        }
        selector.selectedKeys().clear();
        heartbeatRound();
        return ready;
    }

    /** Every peer sends a Heartbeat once per HeartBtInt (spread over the interval as they were connected). */
    private void heartbeatRound() throws IOException
    {
        final long now = System.nanoTime();
        if (now - lastHeartbeatRound < TimeUnit.MILLISECONDS.toNanos(100))
        {
            return;
        }
        lastHeartbeatRound = now;
        final long interval = TimeUnit.SECONDS.toNanos(heartBtIntSeconds);
        for (final Peer peer : peers)
        {
            if (peer.loggedOn && !peer.closed && now - peer.lastSentNanos >= interval)
            {
                peer.writer.begin(HEARTBEAT, peer.nextSeqNum++, System.currentTimeMillis());
                send(peer);
            }
        }
    }

    private void read(final Peer peer) throws IOException
    {
        final int n;
        try
        {
            readNanos = System.nanoTime();
            n = peer.channel.read(peer.in);
        }
        catch (final IOException ex)
        {
            close(peer, "read: " + ex.getMessage());
            return;
        }
        if (n < 0)
        {
            close(peer, "closed by the engine");
            return;
        }
        final byte[] bytes = peer.in.array();
        int offset = 0;
        int length;
        while ((length = FixScanner.frame(bytes, offset, peer.in.position())) > 0)
        {
            onMessage(peer, bytes, offset, length);
            offset += length;
        }
        peer.in.limit(peer.in.position()).position(offset);
        peer.in.compact();
    }

    private void onMessage(final Peer peer, final byte[] bytes, final int offset, final int length) throws IOException
    {
        switch (FixScanner.msgType(bytes, offset, length))
        {
            case 'A':
                peer.loggedOn = true;
                break;
            case '0':
                peer.heartbeatsReceived++;
                break;
            case '1':
            {
                final int at = FixScanner.valueOffset(bytes, offset, length, 112);
                int end = at;
                while (end >= 0 && bytes[end] != 1)
                {
                    end++;
                }
                peer.writer.begin(HEARTBEAT, peer.nextSeqNum++, System.currentTimeMillis());
                if (at >= 0)
                {
                    peer.writer.field(112, bytes, at, end - at);
                }
                send(peer);
                break;
            }
            case '8':
                peer.executionReports++;
                if (executionReports != null)
                {
                    executionReports.onExecutionReport(peer, bytes, offset, length, readNanos);
                }
                break;
            case '3':
            case 'j':
                rejects++;
                break;
            case '5':
            {
                if (firstLogoutText == null)
                {
                    final int at = FixScanner.valueOffset(bytes, offset, length, 58);
                    int end = at;
                    while (end >= 0 && bytes[end] != 1)
                    {
                        end++;
                    }
                    firstLogoutText = "C" + peer.index + ": " +
                        (at < 0 ? "(no Text)" : new String(bytes, at, end - at, StandardCharsets.US_ASCII));
                }
                close(peer, "Logout");
                break;
            }
            default:
                break;
        }
    }

    private void send(final Peer peer) throws IOException
    {
        final int start = peer.writer.finish();
        final ByteBuffer out = ByteBuffer.wrap(peer.writer.buffer(), start, peer.writer.length());
        try
        {
            while (out.hasRemaining())
            {
                peer.channel.write(out); // tiny messages: the socket buffer takes them at once
            }
            peer.lastSentNanos = System.nanoTime();
        }
        catch (final IOException ex)
        {
            close(peer, "write: " + ex.getMessage());
        }
    }

    private void close(final Peer peer, final String because)
    {
        if (!peer.closed)
        {
            peer.closedBecause = because;
        }
        peer.closed = true;
        try
        {
            peer.channel.close();
        }
        catch (final IOException ignore)
        {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException
    {
        for (final Peer peer : peers)
        {
            close(peer, "client closed");
        }
        selector.close();
    }
}
