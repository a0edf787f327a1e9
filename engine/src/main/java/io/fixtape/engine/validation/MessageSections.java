package io.fixtape.engine.validation;

import io.fixtape.engine.dictionary.MessageDefinition;

/**
 * Where a field belongs: the section codes a validated field is placed in (header, body, trailer, or a group
 * nesting level from {@link #GROUP_BASE} up) and which tags are header or trailer tags. A tag is a header tag when
 * QuickFIX/J recognises it as one whatever the dictionary says, or when the transport dictionary's header lists it;
 * a trailer tag when it is 10, 89 or 93 or the trailer lists it (the trailer wins when both do). Tags below 4096
 * are answered from a table built once.
 *
 * <p>Immutable after construction.
 */
final class MessageSections
{
    static final int HEADER = 1;
    static final int BODY = 2;
    static final int TRAILER = 3;
    /** Level of a top-level group's members; each nested group adds one. */
    static final int GROUP_BASE = 4;

    private static final int TABLE_SIZE = 4096;

    private final MessageDefinition header;
    private final MessageDefinition trailer;
    // tag -> HEADER / TRAILER / 0 for tags below TABLE_SIZE
    private final byte[] sectionByTag = new byte[TABLE_SIZE];

    MessageSections(final MessageDefinition header, final MessageDefinition trailer)
    {
        this.header = header;
        this.trailer = trailer;
        for (int tag = 0; tag < TABLE_SIZE; tag++)
        {
            sectionByTag[tag] = (byte)(isTrailerTagSlow(tag) ? TRAILER : isHeaderTagSlow(tag) ? HEADER : 0);
        }
    }

    boolean isHeaderTag(final int tag)
    {
        return tag >= 0 && tag < TABLE_SIZE ? sectionByTag[tag] == HEADER : isHeaderTagSlow(tag);
    }

    boolean isTrailerTag(final int tag)
    {
        return tag >= 0 && tag < TABLE_SIZE ? sectionByTag[tag] == TRAILER : isTrailerTagSlow(tag);
    }

    private boolean isHeaderTagSlow(final int tag)
    {
        return isStandardHeaderTag(tag) || header.hasField(tag);
    }

    private boolean isTrailerTagSlow(final int tag)
    {
        return tag == 10 || tag == 89 || tag == 93 || trailer.hasField(tag);
    }

    /** The header tags QuickFIX/J recognises whatever the dictionary says. */
    private static boolean isStandardHeaderTag(final int tag)
    {
        switch (tag)
        {
            case 8: case 9: case 35: case 49: case 56: case 115: case 128: case 90: case 34: case 50: case 142:
            case 57: case 143: case 116: case 144: case 129: case 145: case 43: case 97: case 52: case 122:
            case 212: case 213: case 347: case 369: case 370: case 1128: case 1129: case 1156: case 627:
                return true;
            default:
                return false;
        }
    }
}
