package io.fixtape.bench.micro.sidebyside;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.codecs.fix44.NewOrderSingleDecoder;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import io.fixtape.engine.validation.ValidationResult;

/**
 * fixtape's receive path read through the generated FIX 4.4 {@link NewOrderSingleDecoder}: framing, the engine's
 * {@link FixDecoder} and {@link MessageValidator} as in the {@code fixtape} row, then {@code wrap} (one pass over
 * the field index into the decoder's slots) and typed accessors: ClOrdID and Symbol as views, Side as an enum,
 * OrderQty and Price as exact decimals.
 */
public final class FixtapeTypedNewOrderSingleParser implements NewOrderSingleParser
{
    private final UnsafeBuffer buffer;
    private final int length;
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final MessageValidator validator =
        new MessageValidator(Dictionaries.forSession("FIX.4.4", null), new ValidationOptions());
    private final ValidationResult result = new ValidationResult();
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();

    public FixtapeTypedNewOrderSingleParser(final byte[] message)
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
        order.wrap(decoder);
        blackhole.consume(order.clOrdID());
        blackhole.consume(order.instrument().symbol());
        blackhole.consume(order.side());
        final Decimal orderQty = order.orderQtyData().orderQty();
        blackhole.consume(orderQty.mantissa());
        final Decimal price = order.price();
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
