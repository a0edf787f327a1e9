package io.fixtape.engine.dictionary;

import io.fixtape.engine.codec.MsgTypes;
import org.agrona.collections.Int2ObjectHashMap;

/**
 * One {@code <message>} (or the header or trailer) of a dictionary, keyed by its packed MsgType
 * ({@link MsgTypes}).
 *
 * <p>Immutable, thread-safe.
 */
public final class MessageDefinition extends ContainerDefinition
{
    private final long msgType;
    private final String msgTypeString;
    private final String name;
    private final boolean admin;

    MessageDefinition(
        final String msgType,
        final String name,
        final boolean admin,
        final int[] fieldOrder,
        final int[] requiredTags,
        final Int2ObjectHashMap<GroupDefinition> groups)
    {
        super(fieldOrder, requiredTags, groups);
        this.msgType = msgType == null ? MsgTypes.INVALID : MsgTypes.pack(msgType);
        this.msgTypeString = msgType;
        this.name = name;
        this.admin = admin;
    }

    /** Packed MsgType; {@link MsgTypes#INVALID} for the header and trailer sections. */
    public long msgType()
    {
        return msgType;
    }

    /** MsgType as text ("D", "AE"), or null for the header and trailer. */
    public String msgTypeString()
    {
        return msgTypeString;
    }

    public String name()
    {
        return name;
    }

    /** {@code msgcat="admin"} in the dictionary (session-level message). */
    public boolean isAdmin()
    {
        return admin;
    }

    @Override
    public String toString()
    {
        return name + "(" + msgTypeString + ")";
    }
}
