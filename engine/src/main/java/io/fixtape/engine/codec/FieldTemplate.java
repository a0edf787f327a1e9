package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * An immutable, pre-encoded run of fields (e.g. {@code 49=SENDER|56=TARGET|} or the constant body fields of an
 * ExecutionReport) that {@link FixEncoder#putTemplate} copies with one {@code putBytes}. Built once at set-up
 * (building allocates); using it does not. Thread-safe once built.
 */
public final class FieldTemplate
{
    private final UnsafeBuffer bytes;

    private FieldTemplate(final UnsafeBuffer bytes)
    {
        this.bytes = bytes;
    }

    public static Builder builder()
    {
        return new Builder();
    }

    public DirectBuffer buffer()
    {
        return bytes;
    }

    public int length()
    {
        return bytes.capacity();
    }

    /** With {@code |} for SOH (allocates; for logs and tests). */
    @Override
    public String toString()
    {
        return bytes.getStringWithoutLengthAscii(0, bytes.capacity()).replace('\001', '|');
    }

    /** Accumulates fields in order; {@link #build()} freezes them. Not thread-safe. */
    public static final class Builder
    {
        private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(128);
        private int position;

        public Builder add(final int tag, final CharSequence asciiValue)
        {
            position = FieldWriter.putAscii(buffer, position, tag, asciiValue);
            return this;
        }

        public Builder add(final int tag, final long value)
        {
            position = FieldWriter.putLong(buffer, position, tag, value);
            return this;
        }

        public Builder add(final int tag, final char value)
        {
            position = FieldWriter.putChar(buffer, position, tag, value);
            return this;
        }

        public Builder addDecimal(final int tag, final long mantissa, final int scale)
        {
            position = FieldWriter.putDecimal(buffer, position, tag, mantissa, scale);
            return this;
        }

        public FieldTemplate build()
        {
            final byte[] copy = new byte[position];
            buffer.getBytes(0, copy);
            return new FieldTemplate(new UnsafeBuffer(copy));
        }
    }
}
