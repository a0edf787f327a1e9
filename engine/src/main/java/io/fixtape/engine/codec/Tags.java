package io.fixtape.engine.codec;

/**
 * Numbers of the most used FIX tags, so call sites read {@code Tags.CL_ORD_ID} rather than {@code 11}. Constants
 * and a pure function only: thread-safe.
 */
public final class Tags
{
    public static final int BEGIN_STRING = 8;
    public static final int BODY_LENGTH = 9;
    public static final int CHECK_SUM = 10;
    public static final int MSG_TYPE = 35;
    public static final int SENDER_COMP_ID = 49;
    public static final int TARGET_COMP_ID = 56;
    public static final int MSG_SEQ_NUM = 34;
    public static final int SENDING_TIME = 52;
    public static final int POSS_DUP_FLAG = 43;
    public static final int POSS_RESEND = 97;
    public static final int ORIG_SENDING_TIME = 122;
    public static final int SENDER_SUB_ID = 50;
    public static final int TARGET_SUB_ID = 57;
    public static final int ON_BEHALF_OF_COMP_ID = 115;
    public static final int DELIVER_TO_COMP_ID = 128;
    public static final int APPL_VER_ID = 1128;

    public static final int BEGIN_SEQ_NO = 7;
    public static final int END_SEQ_NO = 16;
    public static final int NEW_SEQ_NO = 36;
    public static final int GAP_FILL_FLAG = 123;
    public static final int TEST_REQ_ID = 112;
    public static final int ENCRYPT_METHOD = 98;
    public static final int HEART_BT_INT = 108;
    public static final int RESET_SEQ_NUM_FLAG = 141;
    public static final int DEFAULT_APPL_VER_ID = 1137;
    public static final int USERNAME = 553;
    public static final int PASSWORD = 554;
    public static final int TEXT = 58;
    public static final int REF_SEQ_NUM = 45;
    public static final int REF_TAG_ID = 371;
    public static final int REF_MSG_TYPE = 372;
    public static final int SESSION_REJECT_REASON = 373;
    public static final int BUSINESS_REJECT_REASON = 380;

    public static final int ACCOUNT = 1;
    public static final int AVG_PX = 6;
    public static final int CL_ORD_ID = 11;
    public static final int CUM_QTY = 14;
    public static final int CURRENCY = 15;
    public static final int EXEC_ID = 17;
    public static final int HANDL_INST = 21;
    public static final int LAST_PX = 31;
    public static final int LAST_QTY = 32;
    public static final int ORDER_ID = 37;
    public static final int ORDER_QTY = 38;
    public static final int ORD_STATUS = 39;
    public static final int ORD_TYPE = 40;
    public static final int ORIG_CL_ORD_ID = 41;
    public static final int PRICE = 44;
    public static final int SECURITY_ID = 48;
    public static final int SIDE = 54;
    public static final int SYMBOL = 55;
    public static final int TIME_IN_FORCE = 59;
    public static final int TRANSACT_TIME = 60;
    public static final int SETTL_DATE = 64;
    public static final int TRADE_DATE = 75;
    public static final int EXEC_TYPE = 150;
    public static final int LEAVES_QTY = 151;
    public static final int EXPIRE_DATE = 432;

    private Tags()
    {
    }

    /**
     * Standard header tags of FIX 4.2 to FIXT.1.1 (including the header groups' members). Used where a message is
     * rewritten without a dictionary (a resend, an echoed body) to tell its header fields from its body; validation
     * takes the header from the dictionary instead.
     */
    public static boolean isHeaderTag(final int tag)
    {
        switch (tag)
        {
            case 8: case 9: case 35: case 49: case 56: case 115: case 128: case 90: case 91: case 34: case 50:
            case 142: case 57: case 143: case 116: case 144: case 129: case 145: case 43: case 97: case 52:
            case 122: case 212: case 213: case 347: case 369: case 627: case 628: case 629: case 630: case 1128:
            case 1129: case 1156:
                return true;
            default:
                return false;
        }
    }
}
