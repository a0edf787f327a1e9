package io.fixtape.bench.harness.client;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What one iteration of the open-loop schedule sends and which replies complete it. The same request bytes go to
 * every arm; the floor arm echoes them back, so against the floor the expected replies are the requests.
 * Immutable; the {@link #encode} method writes through the caller's (thread-confined) writer.
 */
public enum Scenario
{
    /** NewOrderSingle -> ExecutionReport (a fill) with the ClOrdID echoed. */
    NOS_ER(new byte[] {'D'}, new byte[] {'8'}, new int[] {11}),
    /** MarketDataRequest -> MarketDataSnapshotFullRefresh carrying the MDReqID. */
    MD(new byte[] {'V'}, new byte[] {'W'}, new int[] {262}),
    /** Both per iteration: the iteration completes when both replies are in. */
    MD_NOS_ER(new byte[] {'V', 'D'}, new byte[] {'W', '8'}, new int[] {262, 11}),
    /**
     * The client streams MarketDataIncrementalRefresh ticks (MDReqID 262 = tick index) on the open-loop schedule;
     * the server's strategy answers every tick with a NewOrderSingle whose ClOrdID is the tick index. The latency
     * that counts is the server's own probe (socket read of the tick -> socket write of the order); the client
     * counts the orders (completion) and keeps its tick -> order round trip as a secondary figure.
     */
    TICK_TO_TRADE(new byte[] {'X'}, new byte[] {'D'}, new int[] {262}, new int[] {11});

    private static final byte[] SYMBOL = "FIXT".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ONE = {'1'};
    private static final byte[] TWO = {'2'};
    private static final byte[] ZERO = {'0'};
    private static final byte[] PRICE = "101.25".getBytes(StandardCharsets.US_ASCII);

    private final byte[] requestTypes;
    private final byte[] replyTypes;
    private final int[] keyTags;
    private final int[] replyKeyTags;

    Scenario(final byte[] requestTypes, final byte[] replyTypes, final int[] keyTags)
    {
        this(requestTypes, replyTypes, keyTags, keyTags);
    }

    Scenario(final byte[] requestTypes, final byte[] replyTypes, final int[] keyTags, final int[] replyKeyTags)
    {
        this.requestTypes = requestTypes;
        this.replyTypes = replyTypes;
        this.keyTags = keyTags;
        this.replyKeyTags = replyKeyTags;
    }

    /** True when the latency of record is measured by the server (a server-side probe, read from the server). */
    public boolean serverProbe()
    {
        return this == TICK_TO_TRADE;
    }

    public static Scenario parse(final String name)
    {
        try
        {
            return valueOf(name.toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("unknown scenario '" + name + "' (nos_er, md, md_nos_er, tick_to_trade)", e);
        }
    }

    public String label()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Messages sent (and replies expected) per iteration. */
    public int messagesPerIteration()
    {
        return requestTypes.length;
    }

    /** MsgType of the n-th reply; against an echo (floor) the reply is the request itself. */
    public byte replyType(final int n, final boolean echo)
    {
        return echo ? requestTypes[n] : replyTypes[n];
    }

    /** MsgType (one byte) of the n-th request of an iteration. */
    public byte requestType(final int n)
    {
        return requestTypes[n];
    }

    /** Tag that carries the iteration index in the n-th request. */
    public int keyTag(final int n)
    {
        return keyTags[n];
    }

    /** Tag that carries the iteration index in the n-th reply (against an echo: the request's own key). */
    public int replyKeyTag(final int n, final boolean echo)
    {
        return echo ? keyTags[n] : replyKeyTags[n];
    }

    /**
     * Encodes the n-th request of iteration {@code index} with sequence number {@code seqNum}.
     *
     * @return offset of the message in the writer's buffer.
     */
    public int encode(final int n, final long index, final long seqNum, final long epochMillis, final FixWriter writer)
    {
        final byte type = requestTypes[n];
        if (type == 'D')
        {
            writer.begin(NOS, seqNum, epochMillis)
                .field(11, index)
                .field(1, ACCOUNT)
                .field(21, ONE)
                .field(55, SYMBOL)
                .field(54, ONE)
                .timestampField(60, epochMillis)
                .field(38, 100)
                .field(40, TWO)
                .field(44, PRICE)
                .field(59, ZERO);
        }
        else if (type == 'X')
        {
            // One bid update per tick; the price walks over 16 levels so a strategy sees it move.
            writer.begin(MDX, seqNum, epochMillis)
                .field(262, index)
                .field(268, 1)
                .field(279, ZERO)
                .field(269, ZERO)
                .field(55, SYMBOL)
                .field(270, TICK_PRICES[(int)(index & 15)])
                .field(271, 500);
        }
        else
        {
            writer.begin(MDR, seqNum, epochMillis)
                .field(262, index)
                .field(263, ZERO)
                .field(264, 1)
                .field(267, 2)
                .field(269, ZERO)
                .field(269, ONE)
                .field(146, 1)
                .field(55, SYMBOL);
        }
        return writer.finish();
    }

    private static final byte[] NOS = {'D'};
    private static final byte[] MDR = {'V'};
    private static final byte[] MDX = {'X'};
    private static final byte[][] TICK_PRICES = new byte[16][];

    static
    {
        for (int i = 0; i < TICK_PRICES.length; i++)
        {
            TICK_PRICES[i] = ("101." + (10 + i)).getBytes(StandardCharsets.US_ASCII);
        }
    }
    private static final byte[] ACCOUNT = "BENCH".getBytes(StandardCharsets.US_ASCII);
}
