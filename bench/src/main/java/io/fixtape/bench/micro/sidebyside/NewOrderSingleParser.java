package io.fixtape.bench.micro.sidebyside;

import org.openjdk.jmh.infra.Blackhole;

/**
 * One engine's receive path for a NewOrderSingle, as {@code ParseNewOrderSingle} measures it: frame the bytes
 * (BeginString, BodyLength, CheckSum), decode, validate against the FIX 4.4 dictionary, then read ClOrdID,
 * Symbol, Side, OrderQty and Price the way an application of that engine would. Every value read goes to the
 * {@link Blackhole}.
 *
 * <p>Each implementation is built around one fixed message (set-up time) and is used by one thread.
 */
public interface NewOrderSingleParser
{
    /**
     * Parse the message once.
     *
     * @return true when framing and dictionary validation accepted the message.
     */
    boolean parse(Blackhole blackhole);
}
