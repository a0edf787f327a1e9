package io.fixtape.bench.micro.sidebyside;

import org.openjdk.jmh.infra.Blackhole;

/**
 * One engine's send path for a complete fill, as {@code EncodeExecutionReport} measures it: header
 * (BeginString, BodyLength, MsgType, SenderCompID, TargetCompID, MsgSeqNum, SendingTime), the fill's body
 * (OrderID, ClOrdID, ExecID, ExecType F, OrdStatus 2, Symbol, Side, OrderQty, OrdType, Price, LastQty, LastPx,
 * LeavesQty, CumQty, AvgPx, TransactTime) and CheckSum, ending with the bytes ready for the socket.
 * SenderCompID/TargetCompID are session constants set up once where the engine allows it; everything else is
 * written per call from values (numbers, exact decimals, epoch timestamps).
 *
 * <p>Each implementation is used by one thread.
 */
public interface ExecutionReportWriter
{
    /**
     * Encode the fill with MsgSeqNum {@code msgSeqNum}, SendingTime and TransactTime {@code epochMillis}.
     *
     * @return the encoded length in bytes.
     */
    int encode(int msgSeqNum, long epochMillis, Blackhole blackhole);

    /** The last encoded message (tests only; allocates). */
    byte[] lastMessage();
}
