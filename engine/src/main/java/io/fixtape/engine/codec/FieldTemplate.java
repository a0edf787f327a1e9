package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;
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

    /** The template's bytes (never modified after {@link Builder#build()}). */
    byte[] bytes()
    {
        return bytes.byteArray();
    }

    /** Accumulates fields in order; {@link #build()} freezes them. Not thread-safe. */
    public static final class Builder
    {
        private byte[] buffer = new byte[128];
        private int position;

        public Builder add(final int tag, final CharSequence asciiValue)
        {
            reserve(FieldWriter.variableFieldMax(asciiValue.length()));
            position += FieldWriter.putAscii(buffer, RawBytes.ARRAY_BASE + position, tag, asciiValue);
            return this;
        }

        public Builder add(final int tag, final long value)
        {
            reserve(FieldWriter.FIXED_FIELD_MAX);
            position += FieldWriter.putLong(buffer, RawBytes.ARRAY_BASE + position, tag, value);
            return this;
        }

        public Builder add(final int tag, final char value)
        {
            reserve(FieldWriter.FIXED_FIELD_MAX);
            position += FieldWriter.putChar(buffer, RawBytes.ARRAY_BASE + position, tag, value);
            return this;
        }

        public Builder addDecimal(final int tag, final long mantissa, final int scale)
        {
            reserve(FieldWriter.FIXED_FIELD_MAX);
            position += FieldWriter.putDecimal(buffer, RawBytes.ARRAY_BASE + position, tag, mantissa, scale);
            return this;
        }

        public FieldTemplate build()
        {
            return new FieldTemplate(new UnsafeBuffer(java.util.Arrays.copyOf(buffer, position)));
        }

        private void reserve(final int bytes)
        {
            if (buffer.length - position < bytes)
            {
                buffer = java.util.Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + bytes));
            }
        }
    }
}
