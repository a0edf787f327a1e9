package io.fixtape.codegen;

import io.fixtape.engine.codec.MsgTypes;

/** A {@code <message>} (or the header, which has no MsgType). */
final class MessageModel extends RootModel
{
    private final String msgType;
    private final boolean admin;

    MessageModel(final String name, final String classBase, final String msgType, final boolean admin)
    {
        super(name, classBase);
        this.msgType = msgType;
        this.admin = admin;
    }

    /** MsgType as text ("D", "AE"), or null for the header. */
    String msgType()
    {
        return msgType;
    }

    /** MsgType packed the way the engine packs it ({@code MsgTypes.pack}). */
    long packedMsgType()
    {
        return MsgTypes.pack(msgType);
    }

    /** Session-level ({@code msgcat="admin"}). */
    boolean isAdmin()
    {
        return admin;
    }

    @Override
    String decoderClass()
    {
        return classBase() + "Decoder";
    }

    @Override
    String encoderClass()
    {
        return classBase() + "Encoder";
    }
}
