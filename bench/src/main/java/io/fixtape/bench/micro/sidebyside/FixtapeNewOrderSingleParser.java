package io.fixtape.bench.micro.sidebyside;

import java.nio.ByteBuffer;

import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import io.fixtape.engine.validation.ValidationResult;

/**
 * fixtape's receive path: {@link FixFramer} (BeginString, BodyLength, CheckSum), {@link FixDecoder} (one pass
 * indexing every field), {@link MessageValidator} against the standard FIX 4.4 dictionary with the default
 * {@link ValidationOptions} (QuickFIX/J's defaults), then typed reads in place: ClOrdID and Symbol as views, Side
 * as a char, OrderQty and Price as exact decimals.
 */
public final class FixtapeNewOrderSingleParser implements NewOrderSingleParser
{
    private final UnsafeBuffer buffer;
    private final int length;
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final MessageValidator validator =
        new MessageValidator(Dictionaries.forSession("FIX.4.4", null), new ValidationOptions());
    private final ValidationResult result = new ValidationResult();
    private final AsciiSequenceView clOrdId = new AsciiSequenceView();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final Decimal orderQty = new Decimal();
    private final Decimal price = new Decimal();

    public FixtapeNewOrderSingleParser(final byte[] message)
    {
        this.buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(message.length));
        this.buffer.putBytes(0, message);
        this.length = message.length;
    }

    @Override
    public boolean parse(final Blackhole blackhole)
    {
        final int messageLength = framer.frame(buffer, 0, length);
        if (messageLength <= 0)
        {
            return false;
        }
        decoder.wrap(buffer, 0, messageLength);
        final boolean valid = validator.validate(decoder, result);
        blackhole.consume(decoder.msgType());
        blackhole.consume(decoder.getString(Tags.CL_ORD_ID, clOrdId));
        blackhole.consume(decoder.getString(Tags.SYMBOL, symbol));
        blackhole.consume(decoder.getChar(Tags.SIDE));
        blackhole.consume(decoder.getDecimal(Tags.ORDER_QTY, orderQty));
        blackhole.consume(orderQty.mantissa());
        blackhole.consume(decoder.getDecimal(Tags.PRICE, price));
        blackhole.consume(price.mantissa());
        blackhole.consume(price.scale());
        return valid;
    }

    /** The last verdict (diagnostics). */
    @Override
    public String toString()
    {
        return result.toString();
    }
}
