package io.fixtape.bench.micro.sidebyside;

import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.bench.artio.fix44.decoder.NewOrderSingleDecoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Artio 0.175 with codecs generated from the FIX 4.4 dictionary (see {@code bench/src/main/artio}): framing as
 * its engine does it ({@link ArtioFraming}), then the generated decoder's {@code reset}, {@code decode} and
 * {@code validate} (codec validation on, unknown fields rejected: {@code fix.codecs.reject_unknown_field=true},
 * which MicroBenchOptions passes to every fork), then the decoded values as an Artio application reads them.
 */
public final class ArtioNewOrderSingleParser implements NewOrderSingleParser
{
    private final MutableAsciiBuffer buffer;
    private final int length;
    private final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();

    public ArtioNewOrderSingleParser(final byte[] message)
    {
        this.buffer = new MutableAsciiBuffer(message.clone());
        this.length = message.length;
    }

    @Override
    public boolean parse(final Blackhole blackhole)
    {
        final int messageLength = ArtioFraming.frame(buffer, 0, length);
        if (messageLength == ArtioFraming.INVALID)
        {
            return false;
        }
        decoder.reset();
        decoder.decode(buffer, 0, messageLength);
        final boolean valid = decoder.validate();
        blackhole.consume(decoder.header().msgType());
        blackhole.consume(decoder.clOrdID());
        blackhole.consume(decoder.clOrdIDLength());
        blackhole.consume(decoder.symbol());
        blackhole.consume(decoder.symbolLength());
        blackhole.consume(decoder.side());
        blackhole.consume(decoder.orderQty().value());
        blackhole.consume(decoder.orderQty().scale());
        blackhole.consume(decoder.price().value());
        blackhole.consume(decoder.price().scale());
        return valid;
    }

    /** Why the last message was rejected (diagnostics). */
    @Override
    public String toString()
    {
        return "rejectReason=" + decoder.rejectReason() + " invalidTagId=" + decoder.invalidTagId();
    }
}
