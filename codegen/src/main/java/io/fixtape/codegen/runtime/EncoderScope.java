package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.FixEncoder;

/**
 * Where one encoding scope — a message body or the entries of one repeating group — writes its fields, and which
 * of its repeating groups is still open. A group's entries are staged by its {@link GroupEncoder} because the
 * NumInGroup field that precedes them can only be written once they are counted: the open group is written (count,
 * then entries) as soon as anything else is written to the scope, another group is opened, or the message is
 * completed. Fields therefore reach the wire in call order, each group where it was opened.
 *
 * <p>Support for generated code. Allocation-free; not thread-safe.
 */
public final class EncoderScope
{
    private FixEncoder out;
    private GroupEncoder<?> open;

    /** Starts writing to {@code out}, forgetting any open group. */
    public void wrap(final FixEncoder out)
    {
        this.out = out;
        this.open = null;
    }

    /** The encoder to write the next field to, after writing any open group. */
    public FixEncoder out()
    {
        if (open != null)
        {
            closeOpenGroup();
        }
        return out;
    }

    /** Writes any open group, then opens {@code group} (its entries come next). */
    public void open(final GroupEncoder<?> group)
    {
        if (open != null)
        {
            closeOpenGroup();
        }
        group.begin(out);
        open = group;
    }

    /** Writes any open group. */
    public void close()
    {
        if (open != null)
        {
            closeOpenGroup();
        }
    }

    private void closeOpenGroup()
    {
        final GroupEncoder<?> group = open;
        open = null;
        group.writeTo(out);
    }
}
