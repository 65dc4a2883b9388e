-- SPDX-License-Identifier: GPL-2.0-only
--[[
Wireshark dissector for NETBLT, the Network Block Transfer protocol of RFC 998 (IP protocol 30),
as the project reads RFC 998 §8 on the wire (src/netblt/doc/netblt-wire-format.rst).

    tshark -X lua_script:src/netblt/wireshark/netblt.lua -r capture.pcap
    wireshark -X lua_script:src/netblt/wireshark/netblt.lua capture.pcap

All twelve packet types are dissected, every field under the display filter `netblt`
(netblt.type, netblt.length, netblt.checksum, netblt.lport, netblt.fport, ...), CONTROL's GO, OK
and RESEND messages each in a subtree of their own. The header checksum is always verified; the
data-area checksum of DATA/LDATA when the connection negotiated it (the C flag of the
OPEN/RESPONSE seen earlier in the capture; preference netblt.data_checksum). A bad checksum, a
Length that disagrees with the datagram, a malformed packet and non-zero reserved bits or padding
each carry expert info. What is checked, and where decoding stops, follows the project's own
decoder, scripts/netblt_sim/wire.py, which the tests compare this dissector with field by field.

The Info column summarises each packet: `DATA buf=12 pkt=3/10` (packet 3 of the 10 a buffer of
the connection's negotiated size holds; numbers from 0), `CONTROL OK(11) GO(13)`,
`RESEND(12: 4,7)` (buffer 12, packets 4 and 7 missing), `OPEN uid=0x... bfsz=... psz=...`.
--]]

local netblt = Proto("netblt", "Network Block Transfer Protocol (NETBLT, RFC 998)")

local NETBLT_IP_PROTOCOL = 30
local COMMON_HEADER_BYTES = 12
local DATA_HEADER_BYTES = 24
local OPEN_FIXED_BYTES = 36

local T = {
    OPEN = 0, RESPONSE = 1, KEEPALIVE = 2, QUIT = 3, QUITACK = 4, ABORT = 5, DATA = 6, LDATA = 7,
    NULL_ACK = 8, CONTROL = 9, REFUSED = 10, DONE = 11,
}
local type_names = {
    [0] = "OPEN", [1] = "RESPONSE", [2] = "KEEPALIVE", [3] = "QUIT", [4] = "QUITACK",
    [5] = "ABORT", [6] = "DATA", [7] = "LDATA", [8] = "NULL-ACK", [9] = "CONTROL",
    [10] = "REFUSED", [11] = "DONE",
}
-- Smallest Length of each type (string fields take at least one NUL longword) and the types
-- whose Length is fixed.
local minimum_length = {
    [0] = 40, [1] = 40, [2] = 12, [3] = 16, [4] = 12, [5] = 16, [6] = 24, [7] = 24, [8] = 20,
    [9] = 12, [10] = 16, [11] = 12,
}
local fixed_length = { [2] = 12, [4] = 12, [8] = 20, [11] = 12 }

local GO, OK, RESEND = 0, 1, 2
local message_names = { [GO] = "GO", [OK] = "OK", [RESEND] = "RESEND" }

-- Checksum status values as Wireshark's own dissectors show them (PROTO_CHECKSUM_E_*).
local CHECKSUM_BAD, CHECKSUM_GOOD, CHECKSUM_UNVERIFIED = 0, 1, 2
local checksum_status_names = {
    [CHECKSUM_BAD] = "Bad", [CHECKSUM_GOOD] = "Good", [CHECKSUM_UNVERIFIED] = "Unverified",
}

local f = {
    -- Common header (all packets).
    checksum = ProtoField.uint16("netblt.checksum", "Checksum", base.HEX),
    checksum_computed = ProtoField.uint16("netblt.checksum.computed", "Computed checksum",
        base.HEX),
    checksum_status = ProtoField.uint8("netblt.checksum.status", "Checksum status", base.DEC,
        checksum_status_names),
    version = ProtoField.uint8("netblt.version", "Version", base.DEC),
    type = ProtoField.uint8("netblt.type", "Type", base.DEC, type_names),
    length = ProtoField.uint16("netblt.length", "Length", base.DEC),
    lport = ProtoField.uint16("netblt.lport", "Local Port", base.DEC),
    fport = ProtoField.uint16("netblt.fport", "Foreign Port", base.DEC),
    port = ProtoField.uint16("netblt.port", "Port", base.DEC),
    padding = ProtoField.uint16("netblt.padding", "Longword Alignment Padding", base.HEX),
    explicit_rate = ProtoField.uint16("netblt.explicit_rate",
        "Explicit Rate (kbit/s, X extension; 65535: not lowered)", base.DEC),
    -- OPEN, RESPONSE.
    connection_uid = ProtoField.uint32("netblt.connection_uid", "Connection Unique ID",
        base.HEX),
    buffer_size = ProtoField.uint32("netblt.buffer_size", "Buffer Size", base.DEC),
    transfer_size = ProtoField.uint32("netblt.transfer_size", "Transfer Size", base.DEC),
    data_packet_size = ProtoField.uint16("netblt.data_packet_size", "DATA Packet Size",
        base.DEC),
    burst_size = ProtoField.uint16("netblt.burst_size", "Burst Size", base.DEC),
    burst_interval = ProtoField.uint16("netblt.burst_interval",
        "Burst Rate (ms per burst, the burst interval)", base.DEC),
    death_timer = ProtoField.uint16("netblt.death_timer", "Death Timer (s)", base.DEC),
    flags = ProtoField.uint16("netblt.flags", "Flags", base.HEX),
    flags_reserved = ProtoField.uint16("netblt.flags.reserved", "Reserved (MBZ)", base.HEX,
        nil, 0xffe0),
    flags_explicit_rate = ProtoField.bool("netblt.flags.explicit_rate",
        "X (explicit rates, extension)", 16, nil, 0x0010),
    flags_padded_control = ProtoField.bool("netblt.flags.padded_control",
        "P (padded CONTROL packets, extension)", 16, nil, 0x0008),
    flags_rate_reports = ProtoField.bool("netblt.flags.rate_reports",
        "R (burst spacing reports, extension)", 16, nil, 0x0004),
    flags_checksum_data = ProtoField.bool("netblt.flags.checksum_data",
        "C (checksum DATA data)", 16, nil, 0x0002),
    flags_write_mode = ProtoField.bool("netblt.flags.write_mode", "M (mode)", 16,
        { "WRITE", "READ" }, 0x0001),
    max_buffers = ProtoField.uint16("netblt.max_buffers", "Maximum Outstanding Buffers",
        base.DEC),
    client_string = ProtoField.string("netblt.client_string", "Client String"),
    -- QUIT, ABORT, REFUSED.
    reason = ProtoField.string("netblt.reason", "Reason"),
    string_padding = ProtoField.bytes("netblt.string_padding", "String padding"),
    -- DATA, LDATA.
    buffer = ProtoField.uint32("netblt.buffer", "Buffer Number", base.DEC),
    high_control_seq = ProtoField.uint16("netblt.high_control_seq",
        "High Consecutive Control Sequence Number Received", base.DEC),
    packet = ProtoField.uint16("netblt.packet", "Packet Number", base.DEC),
    packets_in_buffer = ProtoField.uint32("netblt.packets_in_buffer",
        "Packets in this buffer (from the negotiated sizes)", base.DEC),
    data_checksum = ProtoField.uint16("netblt.data_checksum", "Data Area Checksum Value",
        base.HEX),
    data_checksum_computed = ProtoField.uint16("netblt.data_checksum.computed",
        "Computed data-area checksum", base.HEX),
    data_checksum_status = ProtoField.uint8("netblt.data_checksum.status",
        "Data-area checksum status", base.DEC, checksum_status_names),
    data_flags = ProtoField.uint16("netblt.data_flags", "Flags", base.HEX),
    data_flags_reserved = ProtoField.uint16("netblt.data_flags.reserved", "Reserved (MBZ)",
        base.HEX, nil, 0xfffe),
    last_buffer = ProtoField.bool("netblt.last_buffer", "L (last buffer)", 16, nil, 0x0001),
    data_length = ProtoField.uint16("netblt.data_length", "Data length", base.DEC),
    data = ProtoField.bytes("netblt.data", "Data"),
    data_padding = ProtoField.bytes("netblt.data_padding", "Longword alignment padding"),
    -- NULL-ACK.
    new_burst_size = ProtoField.uint16("netblt.new_burst_size", "New Burst Size", base.DEC),
    new_burst_interval = ProtoField.uint16("netblt.new_burst_interval",
        "New Burst Rate (ms per burst)", base.DEC),
    null_ack_padding = ProtoField.uint16("netblt.null_ack_padding",
        "Longword Alignment Padding", base.HEX),
    -- CONTROL.
    control_messages = ProtoField.uint16("netblt.control.messages", "Messages", base.DEC),
    control_message = ProtoField.none("netblt.control.message", "Control message"),
    control_type = ProtoField.uint8("netblt.control.type", "Message Type", base.DEC,
        message_names),
    control_word_padding = ProtoField.uint8("netblt.control.word_padding", "Word Padding",
        base.HEX),
    control_seq = ProtoField.uint16("netblt.control.seq", "Sequence Number", base.DEC),
    control_buffer = ProtoField.uint32("netblt.control.buffer", "Buffer Number", base.DEC),
    control_burst_size = ProtoField.uint16("netblt.control.burst_size",
        "New Offered Burst Size", base.DEC),
    control_burst_interval = ProtoField.uint16("netblt.control.burst_interval",
        "New Offered Burst Rate (ms per burst)", base.DEC),
    control_timer = ProtoField.uint16("netblt.control.timer",
        "Current Control Timer Value (ms)", base.DEC),
    control_padding = ProtoField.uint16("netblt.control.padding", "Padding", base.HEX),
    control_explicit_rate = ProtoField.bool("netblt.control.explicit_rate",
        "Offer carries an explicit rate (X extension)", 8, nil, 0x01),
    control_burst_spacing = ProtoField.uint16("netblt.control.burst_spacing",
        "Burst Spacing (10 us units, extension; RFC 998's padding)", base.DEC),
    control_missing_count = ProtoField.uint16("netblt.control.missing_count",
        "Number of Missing Packets", base.DEC),
    control_missing = ProtoField.uint16("netblt.control.missing", "Missing Packet Number",
        base.DEC),
    control_packet_padding = ProtoField.bytes("netblt.control.packet_padding",
        "Padding after Length (P extension)"),
    control_padding_bytes = ProtoField.uint16("netblt.control.padding_bytes",
        "Padding bytes after Length", base.DEC),
    undecoded = ProtoField.bytes("netblt.undecoded", "Undecoded bytes"),
}
netblt.fields = {}
for _, field in pairs(f) do
    table.insert(netblt.fields, field)
end

local e = {
    checksum_bad = ProtoExpert.new("netblt.checksum.bad", "Bad NETBLT checksum",
        expert.group.CHECKSUM, expert.severity.ERROR),
    data_checksum_bad = ProtoExpert.new("netblt.data_checksum.bad",
        "Bad NETBLT data-area checksum", expert.group.CHECKSUM, expert.severity.ERROR),
    length_bad = ProtoExpert.new("netblt.length.bad",
        "NETBLT Length disagrees with the datagram", expert.group.MALFORMED,
        expert.severity.ERROR),
    malformed = ProtoExpert.new("netblt.malformed", "Malformed NETBLT packet",
        expert.group.MALFORMED, expert.severity.ERROR),
    not_zero = ProtoExpert.new("netblt.mbz", "NETBLT reserved (MBZ) bits or padding not zero",
        expert.group.PROTOCOL, expert.severity.WARN),
}
netblt.experts = { e.checksum_bad, e.data_checksum_bad, e.length_bad, e.malformed, e.not_zero }

local DATA_CHECKSUM_AUTO, DATA_CHECKSUM_ALWAYS, DATA_CHECKSUM_NEVER = 0, 1, 2
netblt.prefs.data_checksum = Pref.enum("Verify DATA data-area checksums",
    DATA_CHECKSUM_AUTO,
    "auto: when the connection's OPEN or RESPONSE seen earlier in the capture set the C flag; "
        .. "always; never (tshark -o netblt.data_checksum:always)",
    {
        { 1, "auto", DATA_CHECKSUM_AUTO },
        { 2, "always", DATA_CHECKSUM_ALWAYS },
        { 3, "never", DATA_CHECKSUM_NEVER },
    }, false)

-- What the capture taught about each connection (by its two endpoints), from OPEN and
-- RESPONSE packets whose checksum is good, and what each DATA frame concluded from it on its
-- first dissection (so that a second pass, or clicking in the GUI, shows the same thing).
local connections = {}
local frame_notes = {}

function netblt.init()
    connections = {}
    frame_notes = {}
end

---------------------------------------------------------------------------------------------
-- RFC 998 §5.1: the bitwise negation of the ones-complement sum of the 16-bit (big-endian)
-- words; an odd last byte is the high byte of a word whose low byte is 0.

local function ones_complement_add(sum, bytes, first)
    -- Adds the words of the Lua string `bytes`, starting at byte index `first` (1-based).
    local n = #bytes
    local i = first or 1
    while i + 63 <= n do
        local b = { bytes:byte(i, i + 63) }
        for k = 1, 63, 2 do
            sum = sum + b[k] * 256 + b[k + 1]
        end
        i = i + 64
    end
    while i + 1 <= n do
        local hi, lo = bytes:byte(i, i + 1)
        sum = sum + hi * 256 + lo
        i = i + 2
    end
    if i == n then
        sum = sum + bytes:byte(i) * 256
    end
    return sum
end

local function fold(sum)
    while sum > 0xffff do
        sum = (sum % 0x10000) + math.floor(sum / 0x10000)
    end
    return sum
end

-- Checksum of the first `covered` bytes of tvb with the checksum field (bytes 0-1) as zero.
local function header_checksum(tvb, covered)
    return 0xffff - fold(ones_complement_add(0, tvb:raw(0, covered), 3))
end

local function data_checksum(tvb, offset, length)
    if length == 0 then
        return 0xffff
    end
    return 0xffff - fold(ones_complement_add(0, tvb:raw(offset, length), 1))
end

local function all_zero(bytes)
    for i = 1, #bytes do
        if bytes:byte(i) ~= 0 then
            return false
        end
    end
    return true
end

---------------------------------------------------------------------------------------------

-- The state of one dissection: the tree, the problems found (as in wire.py, each with the
-- expert item it raises) and what the Info column says about them.
local Dissection = {}
Dissection.__index = Dissection

local function new_dissection(tvb, pinfo, tree)
    return setmetatable({
        tvb = tvb, pinfo = pinfo, tree = tree, present = tvb:len(), info_flags = {},
    }, Dissection)
end

function Dissection:problem(item, expert_field, text, flag)
    item:add_proto_expert_info(expert_field, text)
    if flag and not self.info_flags[flag] then
        self.info_flags[flag] = true
        table.insert(self.info_flags, flag)
    end
end

function Dissection:nonzero(item, value, what)
    if value ~= 0 then
        self:problem(item, e.not_zero, string.format("%s is 0x%x, must be zero", what, value),
            "NOT ZERO")
    end
end

-- Adds a big-endian unsigned field of `size` bytes at `offset` and returns its value.
function Dissection:uint(tree, field, offset, size)
    local range = self.tvb(offset, size)
    local value = range:uint()
    return value, tree:add(field, range)
end

---------------------------------------------------------------------------------------------

local function connection_key(pinfo, lport, fport)
    local a = tostring(pinfo.net_src) .. ":" .. lport
    local b = tostring(pinfo.net_dst) .. ":" .. fport
    if a > b then
        a, b = b, a
    end
    return a .. "-" .. b
end

local function packets_for(bytes, packet_size)
    return math.floor((bytes + packet_size - 1) / packet_size)
end

-- A §8 string field at [offset, limit): the bytes up to the first NUL; the rest must be NULs.
function Dissection:string_field(tree, field, offset, limit, what)
    local raw = self.tvb:raw(offset, limit - offset)
    local nul = raw:find("\0", 1, true)
    if nul == nil then
        local item = tree:add(field, self.tvb(offset, limit - offset))
        self:problem(item, e.malformed,
            string.format("%s field of %d bytes has no terminating NUL", what, #raw), "MALFORMED")
        return raw
    end
    local text = raw:sub(1, nul - 1)
    local item = tree:add(field, self.tvb(offset, limit - offset), text)
    local padding = self.tvb(offset + nul - 1, limit - offset - nul + 1)
    local padding_item = tree:add(f.string_padding, padding)
    if not all_zero(raw:sub(nul)) then
        self:problem(padding_item, e.not_zero,
            string.format("%s padding after the terminating NUL is not all NUL bytes", what),
            "NOT ZERO")
    end
    return text
end

local function printable(text)
    return (text:gsub("[^%g ]", "."))
end

function Dissection:open(tree, length, type_number)
    local uid = self:uint(tree, f.connection_uid, 12, 4)
    local buffer_size = self:uint(tree, f.buffer_size, 16, 4)
    local transfer_size = self:uint(tree, f.transfer_size, 20, 4)
    local packet_size = self:uint(tree, f.data_packet_size, 24, 2)
    local burst_size = self:uint(tree, f.burst_size, 26, 2)
    local burst_interval = self:uint(tree, f.burst_interval, 28, 2)
    self:uint(tree, f.death_timer, 30, 2)
    local flags, flags_item = self:uint(tree, f.flags, 32, 2)
    local flag_range = self.tvb(32, 2)
    local reserved_item = flags_item:add(f.flags_reserved, flag_range)
    flags_item:add(f.flags_explicit_rate, flag_range)
    flags_item:add(f.flags_padded_control, flag_range)
    flags_item:add(f.flags_rate_reports, flag_range)
    flags_item:add(f.flags_checksum_data, flag_range)
    flags_item:add(f.flags_write_mode, flag_range)
    self:nonzero(reserved_item, flags - flags % 32, "reserved (MBZ) bits of the P/R/C/M word")
    local max_buffers = self:uint(tree, f.max_buffers, 34, 2)
    local client = self:string_field(tree, f.client_string, OPEN_FIXED_BYTES, length,
        "client string")
    local checksum_data = math.floor(flags / 2) % 2 == 1
    local write_mode = flags % 2 == 1
    local rate_reports = math.floor(flags / 4) % 2 == 1
    local padded_control = math.floor(flags / 8) % 2 == 1
    local explicit_rate = math.floor(flags / 16) % 2 == 1
    local summary = string.format(
        "uid=0x%08x bfsz=%d psz=%d xfsz=%d bs=%d bi=%dms nbufs=%d%s%s%s%s %s",
        uid, buffer_size, packet_size, transfer_size, burst_size, burst_interval, max_buffers,
        checksum_data and " C" or "", rate_reports and " R" or "",
        padded_control and " P" or "", explicit_rate and " X" or "",
        write_mode and "WRITE" or "READ")
    if client ~= "" then
        summary = summary .. string.format(' "%s"', printable(client))
    end
    return summary, {
        uid = uid, buffer_size = buffer_size, packet_size = packet_size,
        transfer_size = transfer_size, checksum_data = checksum_data, type_number = type_number,
    }
end

function Dissection:data(tree, length, lport, fport)
    local tvb, pinfo = self.tvb, self.pinfo
    local buffer_number = self:uint(tree, f.buffer, 12, 4)
    self:uint(tree, f.high_control_seq, 16, 2)
    local packet_number = self:uint(tree, f.packet, 18, 2)
    local stated, data_checksum_item = self:uint(tree, f.data_checksum, 20, 2)
    local flags, flags_item = self:uint(tree, f.data_flags, 22, 2)
    local reserved_item = flags_item:add(f.data_flags_reserved, tvb(22, 2))
    flags_item:add(f.last_buffer, tvb(22, 2))
    self:nonzero(reserved_item, flags - flags % 2, "reserved (MBZ) bits of the L word")
    local last = flags % 2 == 1
    local data_length = length - DATA_HEADER_BYTES
    tree:add(f.data_length, data_length):set_generated()
    if data_length > 0 then
        tree:add(f.data, tvb(DATA_HEADER_BYTES, data_length))
    end

    -- What the connection negotiated, as known when this frame was first dissected.
    local note = frame_notes[pinfo.number]
    if note == nil or not pinfo.visited then
        local connection = connections[connection_key(pinfo, lport, fport)]
        note = {}
        if connection ~= nil then
            note.checksum_data = connection.checksum_data
            local full = packets_for(connection.buffer_size, connection.packet_size)
            if last and connection.transfer_size > 0 then
                -- The last buffer holds what the full buffers before it leave of the transfer.
                local rest = connection.transfer_size % connection.buffer_size
                if rest ~= 0 then
                    full = packets_for(rest, connection.packet_size)
                end
            end
            note.packets_in_buffer = full
        end
        frame_notes[pinfo.number] = note
    end
    if note.packets_in_buffer ~= nil then
        tree:add(f.packets_in_buffer, note.packets_in_buffer):set_generated()
    end

    local preference = netblt.prefs.data_checksum
    local verify = preference == DATA_CHECKSUM_ALWAYS
        or (preference == DATA_CHECKSUM_AUTO and note.checksum_data == true)
    if verify then
        local computed = data_checksum(tvb, DATA_HEADER_BYTES, data_length)
        data_checksum_item:add(f.data_checksum_computed, computed):set_generated()
        if computed == stated then
            data_checksum_item:add(f.data_checksum_status, CHECKSUM_GOOD):set_generated()
        else
            data_checksum_item:add(f.data_checksum_status, CHECKSUM_BAD):set_generated()
            self:problem(data_checksum_item, e.data_checksum_bad,
                string.format("data-area checksum 0x%04x does not match the computed 0x%04x",
                    stated, computed), "BAD DATA CHECKSUM")
        end
    else
        data_checksum_item:add(f.data_checksum_status, CHECKSUM_UNVERIFIED):set_generated()
    end

    local position = tostring(packet_number)
    if note.packets_in_buffer ~= nil then
        position = position .. "/" .. note.packets_in_buffer
    end
    return string.format("buf=%d pkt=%s%s", buffer_number, position, last and " L" or "")
end

function Dissection:null_ack(tree)
    local high_seq = self:uint(tree, f.high_control_seq, 12, 2)
    local burst_size = self:uint(tree, f.new_burst_size, 14, 2)
    local burst_interval = self:uint(tree, f.new_burst_interval, 16, 2)
    local padding, padding_item = self:uint(tree, f.null_ack_padding, 18, 2)
    self:nonzero(padding_item, padding, "NULL-ACK longword alignment padding")
    return string.format("ack=%d bs=%d bi=%dms", high_seq, burst_size, burst_interval)
end

-- The CONTROL messages after the common header, back to back, each longword aligned. Messages
-- carry no length, so nothing after an unknown or cut-short one can be read.
function Dissection:control(tree, length)
    local tvb = self.tvb
    local summary = {}
    local count = 0
    local offset = COMMON_HEADER_BYTES
    while offset < length do
        local left = length - offset
        if left < 8 then
            local item = tree:add(f.undecoded, tvb(offset, left))
            self:problem(item, e.malformed, string.format(
                "%d bytes at offset %d are not a whole CONTROL message", left, offset),
                "MALFORMED")
            break
        end
        -- The size of the message, or why the bytes left cannot be read as one: then they are
        -- shown undecoded, with what was wrong, and nothing after them is read.
        local message_type = tvb(offset, 1):uint()
        local size, problem
        if message_type == GO then
            size = 8
        elseif message_type == OK then
            size = 16
            if left < size then
                problem = string.format("OK message at offset %d needs 16 bytes, %d left",
                    offset, left)
            end
        elseif message_type == RESEND then
            if left < 12 then
                problem = string.format(
                    "RESEND message at offset %d needs at least 12 bytes, %d left", offset, left)
            else
                local missing = tvb(offset + 8, 2):uint()
                size = 12 + 2 * missing + (missing % 2 == 1 and 2 or 0)
                if size > left then
                    problem = string.format(
                        "RESEND message at offset %d lists %d packets (%d bytes), %d bytes left",
                        offset, missing, size, left)
                end
            end
        else
            problem = string.format("message type %d at offset %d is not GO, OK or RESEND",
                message_type, offset)
        end
        if problem ~= nil then
            local item = tree:add(f.undecoded, tvb(offset, left))
            self:nonzero(item, tvb(offset + 1, 1):uint(),
                string.format("word padding of the message at offset %d", offset))
            if message_type == RESEND and left >= 12 then
                self:nonzero(item, tvb(offset + 10, 2):uint(),
                    string.format("padding of the RESEND message at offset %d", offset))
            end
            self:problem(item, e.malformed, problem, "MALFORMED")
            break
        end

        local name = message_names[message_type]
        local message_tree = tree:add(f.control_message, tvb(offset, size))
        message_tree:add(f.control_type, tvb(offset, 1))
        local word_padding, word_padding_item = self:uint(message_tree, f.control_word_padding,
            offset + 1, 1)
        -- An OK's word padding may carry the X extension's flag (0x01); nothing else may.
        local explicit_offer = message_type == OK and word_padding % 2 == 1
        if explicit_offer then
            word_padding_item:add(f.control_explicit_rate, tvb(offset + 1, 1))
        end
        self:nonzero(word_padding_item, explicit_offer and word_padding - 1 or word_padding,
            string.format("word padding of the message at offset %d", offset))
        local sequence = self:uint(message_tree, f.control_seq, offset + 2, 2)
        local buffer_number = self:uint(message_tree, f.control_buffer, offset + 4, 4)
        local label = string.format("%s seq=%d buf=%d", name, sequence, buffer_number)
        if message_type == GO then
            table.insert(summary, string.format("GO(%d)", buffer_number))
        elseif message_type == OK then
            local burst_size = self:uint(message_tree, f.control_burst_size, offset + 8, 2)
            local burst_interval = self:uint(message_tree, f.control_burst_interval,
                offset + 10, 2)
            local timer = self:uint(message_tree, f.control_timer, offset + 12, 2)
            local spacing = self:uint(message_tree, f.control_burst_spacing, offset + 14, 2)
            label = label .. string.format(" bs=%d bi=%dms timer=%dms", burst_size,
                burst_interval, timer)
            if spacing ~= 0 then
                label = label .. string.format(" spacing=%.2fms", spacing / 100)
            end
            if explicit_offer then
                label = label .. " explicit-rate"
            end
            table.insert(summary, string.format("OK(%d)", buffer_number))
        else -- RESEND
            local missing = self:uint(message_tree, f.control_missing_count, offset + 8, 2)
            local padding, padding_item = self:uint(message_tree, f.control_padding,
                offset + 10, 2)
            self:nonzero(padding_item, padding,
                string.format("padding of the RESEND message at offset %d", offset))
            local numbers = {}
            for i = 0, missing - 1 do
                local number = self:uint(message_tree, f.control_missing, offset + 12 + 2 * i, 2)
                table.insert(numbers, tostring(number))
            end
            if missing % 2 == 1 then
                local tail, tail_item = self:uint(message_tree, f.control_padding,
                    offset + 12 + 2 * missing, 2)
                self:nonzero(tail_item, tail, string.format(
                    "padding after the packet numbers of the RESEND at offset %d", offset))
            end
            local list = table.concat(numbers, ",")
            label = label .. " missing " .. list
            table.insert(summary, string.format("RESEND(%d: %s)", buffer_number, list))
        end
        message_tree:set_text(label)
        count = count + 1
        offset = offset + size
    end
    tree:add(f.control_messages, count):set_generated()
    if self.present > length then
        tree:add(f.control_padding_bytes, self.present - length):set_generated()
    end
    return table.concat(summary, " ")
end

-- Length against the type and the datagram; returns whether the body can be read (Length at
-- least the type's minimum and no more than the bytes present).
function Dissection:check_length(length_item, type_number, length)
    local name = type_names[type_number]
    local minimum = minimum_length[type_number]
    local present = self.present
    if length < minimum then
        self:problem(length_item, e.length_bad, string.format(
            "Length %d is below the %d bytes a %s packet needs", length, minimum, name),
            "BAD LENGTH")
        return false
    end
    if length > present then
        self:problem(length_item, e.length_bad, string.format(
            "Length %d is more than the %d bytes present (truncated)", length, present),
            "BAD LENGTH")
        return false
    end
    if fixed_length[type_number] ~= nil and length ~= fixed_length[type_number] then
        self:problem(length_item, e.length_bad, string.format(
            "Length %d: a %s packet is exactly %d bytes", length, name, fixed_length[type_number]),
            "BAD LENGTH")
    end
    if type_number == T.DATA or type_number == T.LDATA then
        -- The data need not fill a longword: 0-3 zero bytes that Length does not count follow.
        local expected = (4 - length % 4) % 4
        if present - length ~= expected then
            self:problem(length_item, e.length_bad, string.format(
                "%d bytes follow Length %d: the longword padding is %d bytes",
                present - length, length, expected), "BAD LENGTH")
        elseif expected > 0 then
            local padding = self.tvb(length, expected)
            local item = self.tree:add(f.data_padding, padding)
            if not all_zero(self.tvb:raw(length, expected)) then
                self:problem(item, e.not_zero, string.format(
                    "longword padding after the data is %s, must be zero",
                    padding:bytes():tohex(true)), "NOT ZERO")
            end
        end
    else
        if length % 4 ~= 0 then
            self:problem(length_item, e.length_bad, string.format(
                "Length %d is not a multiple of 4 (§8: packets are longword aligned)",
                length), "BAD LENGTH")
        end
        if type_number == T.CONTROL then
            -- Padding up to the negotiated control packet size (extension P): zeros.
            if present > length then
                local item = self.tree:add(f.control_packet_padding,
                    self.tvb(length, present - length))
                if not all_zero(self.tvb:raw(length, present - length)) then
                    self:problem(item, e.not_zero, string.format(
                        "padding after Length %d (%d bytes) is not all zero, must be zero",
                        length, present - length), "NOT ZERO")
                end
            end
        elseif present ~= length then
            self:problem(length_item, e.length_bad, string.format(
                "%d bytes follow Length %d in the datagram", present - length, length),
                "BAD LENGTH")
        end
    end
    return true
end

-- The start of a NETBLT packet an ICMP error message quotes (RFC 792: the first 8 bytes; RFC
-- 1812 routers may quote more): the common fields that are there, nothing checked, nothing
-- learnt about the connection, and the Info column left to ICMP.
local quoted_fields = {
    { f.checksum, 0, 2 }, { f.version, 2, 1 }, { f.type, 3, 1 }, { f.length, 4, 2 },
    { f.lport, 6, 2 }, { f.fport, 8, 2 }, { f.padding, 10, 2 },
}

local function dissect_quoted(tvb, tree)
    local subtree = tree:add(netblt, tvb())
    subtree:append_text(string.format(" (the first %d bytes, quoted in an ICMP error)",
        tvb:len()))
    for _, quoted in ipairs(quoted_fields) do
        local field, offset, size = quoted[1], quoted[2], quoted[3]
        if offset + size <= tvb:len() then
            subtree:add(field, tvb(offset, size))
        end
    end
    return tvb:len()
end

function netblt.dissector(tvb, pinfo, tree)
    if pinfo.in_error_pkt then
        return dissect_quoted(tvb, tree)
    end
    pinfo.cols.protocol = "NETBLT"
    local subtree = tree:add(netblt, tvb())
    local d = new_dissection(tvb, pinfo, subtree)
    if d.present < COMMON_HEADER_BYTES then
        d:problem(subtree, e.malformed, string.format(
            "%d bytes: shorter than the 12-byte common header", d.present), "MALFORMED")
        pinfo.cols.info = "NETBLT [MALFORMED]"
        return d.present
    end

    local stated_checksum, checksum_item = d:uint(subtree, f.checksum, 0, 2)
    d:uint(subtree, f.version, 2, 1)
    local type_number, type_item = d:uint(subtree, f.type, 3, 1)
    local length, length_item = d:uint(subtree, f.length, 4, 2)
    local lport = d:uint(subtree, f.lport, 6, 2)
    local fport = d:uint(subtree, f.fport, 8, 2)
    subtree:add(f.port, tvb(6, 2)):set_hidden()
    subtree:add(f.port, tvb(8, 2)):set_hidden()
    local is_data = type_number == T.DATA or type_number == T.LDATA
    local carries_rate = is_data
    if (type_number == T.OPEN or type_number == T.RESPONSE) and d.present >= 34 then
        carries_rate = math.floor(tvb(32, 2):uint() / 16) % 2 == 1
    end
    if carries_rate then
        -- DATA and LDATA, and an OPEN or RESPONSE with X, carry the X extension's explicit
        -- rate there (0 without X).
        d:uint(subtree, f.explicit_rate, 10, 2)
    else
        local padding, padding_item = d:uint(subtree, f.padding, 10, 2)
        d:nonzero(padding_item, padding, "longword alignment padding of the common header")
    end

    local name = type_names[type_number]
    local summary = ""
    if name == nil then
        d:problem(type_item, e.malformed, string.format(
            "type %d is not a NETBLT packet type (0-11)", type_number), "MALFORMED")
        name = string.format("UNKNOWN(%d)", type_number)
        checksum_item:add(f.checksum_status, CHECKSUM_UNVERIFIED):set_generated()
        if d.present > COMMON_HEADER_BYTES then
            subtree:add(f.undecoded, tvb(COMMON_HEADER_BYTES))
        end
    else
        local is_data = type_number == T.DATA or type_number == T.LDATA
        if d:check_length(length_item, type_number, length) then
            local covered = is_data and DATA_HEADER_BYTES or length
            local computed = header_checksum(tvb, covered)
            checksum_item:add(f.checksum_computed, computed):set_generated()
            local checksum_good = computed == stated_checksum
            if checksum_good then
                checksum_item:add(f.checksum_status, CHECKSUM_GOOD):set_generated()
            else
                checksum_item:add(f.checksum_status, CHECKSUM_BAD):set_generated()
                d:problem(checksum_item, e.checksum_bad, string.format(
                    "%s 0x%04x does not match the computed 0x%04x",
                    is_data and "header checksum" or "checksum", stated_checksum, computed),
                    "BAD CHECKSUM")
            end
            if type_number == T.OPEN or type_number == T.RESPONSE then
                local parameters
                summary, parameters = d:open(subtree, length, type_number)
                if checksum_good and parameters.packet_size > 0 and parameters.buffer_size > 0
                    and not pinfo.visited then
                    -- A RESPONSE carries what was agreed, an OPEN only what was offered
                    -- (unless it opens another connection between the same ports).
                    local key = connection_key(pinfo, lport, fport)
                    local known = connections[key]
                    if known == nil or known.uid ~= parameters.uid
                        or known.type_number == T.OPEN or type_number == T.RESPONSE then
                        connections[key] = parameters
                    end
                end
            elseif type_number == T.QUIT or type_number == T.ABORT
                or type_number == T.REFUSED then
                local reason = d:string_field(subtree, f.reason, COMMON_HEADER_BYTES, length,
                    "reason")
                summary = string.format('"%s"', printable(reason))
            elseif is_data then
                summary = d:data(subtree, length, lport, fport)
            elseif type_number == T.NULL_ACK then
                summary = d:null_ack(subtree)
            elseif type_number == T.CONTROL then
                summary = d:control(subtree, length)
            end
        else
            checksum_item:add(f.checksum_status, CHECKSUM_UNVERIFIED):set_generated()
            if d.present > COMMON_HEADER_BYTES then
                subtree:add(f.undecoded, tvb(COMMON_HEADER_BYTES))
            end
        end
    end

    subtree:append_text(string.format(", %s, Port %d -> %d, Len %d", name, lport, fport, length))
    local info = name
    if summary ~= "" then
        info = info .. " " .. summary
    end
    for _, flag in ipairs(d.info_flags) do
        info = info .. " [" .. flag .. "]"
    end
    pinfo.cols.info = info
    return d.present
end

DissectorTable.get("ip.proto"):add(NETBLT_IP_PROTOCOL, netblt)
