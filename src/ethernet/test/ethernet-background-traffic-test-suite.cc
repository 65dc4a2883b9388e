/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ethernet-background-traffic.h"
#include "ns3/ethernet-bus-channel.h"
#include "ns3/ethernet-csma-cd.h"
#include "ns3/ethernet-helper.h"
#include "ns3/node-container.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup ethernet-tests
 * EthernetBackgroundTraffic: the aggregate draw of the stations' arrivals against the
 * per-station one, as the bus sees them; and the MAC (EthernetCsmaCd) given a background
 * station's frame in the time step the station starts sending the one before.
 */

using namespace ns3;

namespace
{

/// What the bus made of one run's background traffic.
struct BusStatistics
{
    double offered{0};              //!< frames offered
    double deferrals{0};            //!< attempts that found the medium busy
    double collisions{0};           //!< transmissions aborted by a collision
    double accessDelaySum{0};       //!< sum over frames of first attempt's start − arrival (s)
    double accessDelayCount{0};     //!< frames whose first attempt started
    std::vector<double> perStation; //!< frames offered at each station
};

/**
 * Records each background frame's arrival and the start of its first attempt: a station's
 * frames go in arrival order, and each starts exactly one first attempt (collisions do not
 * count a frame twice).
 */
class AccessDelayRecorder
{
  public:
    /**
     * @param devices attached devices (station numbers below it are devices)
     * @param stations background stations
     * @param statistics where to add the delays
     */
    AccessDelayRecorder(uint32_t devices, uint32_t stations, BusStatistics& statistics)
        : m_devices(devices),
          m_arrivals(stations),
          m_statistics(statistics)
    {
    }

    /**
     * Offered trace sink.
     * @param station the background station
     */
    void Offered(uint32_t station, uint32_t /* bytes */, bool /* broadcast */)
    {
        m_arrivals[station].push_back(Simulator::Now());
        m_statistics.perStation[station] += 1;
    }

    /**
     * TransmissionStart trace sink.
     * @param station the bus station
     * @param attempt collisions its frame had suffered
     */
    void Started(uint32_t station, uint32_t attempt)
    {
        if (station < m_devices || attempt > 0)
        {
            return;
        }
        std::deque<Time>& waiting = m_arrivals[station - m_devices];
        m_statistics.accessDelaySum += (Simulator::Now() - waiting.front()).GetSeconds();
        m_statistics.accessDelayCount += 1;
        waiting.pop_front();
    }

  private:
    uint32_t m_devices;                       //!< attached devices
    std::vector<std::deque<Time>> m_arrivals; //!< each station's frames not yet started
    BusStatistics& m_statistics;              //!< where the delays go
};

/// Background stations, as on Subnet 26.
constexpr uint32_t STATIONS = 148;

/**
 * Runs a bus of two idle ideal interfaces and STATIONS background stations offering @p load
 * for @p duration.
 * @param arrivals "Aggregate" or "PerStation"
 * @param load the background Load
 * @param duration how long
 * @param run the random run number
 * @return what the bus made of it
 */
BusStatistics
RunBackground(const std::string& arrivals, double load, Time duration, uint64_t run)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    NodeContainer nodes;
    nodes.Create(2);
    EthernetHelper helper;
    helper.SetDeviceType("ns3::EthernetNetDevice");
    helper.SetBackgroundAttribute("Stations", UintegerValue(STATIONS));
    helper.SetBackgroundAttribute("Load", DoubleValue(load));
    helper.SetBackgroundAttribute("Arrivals", StringValue(arrivals));
    NetDeviceContainer devices = helper.Install(nodes);
    helper.AssignStreams(devices, 0);
    Ptr<EthernetBusChannel> channel = DynamicCast<EthernetBusChannel>(devices.Get(0)->GetChannel());
    PointerValue background;
    channel->GetAttribute("BackgroundTraffic", background);
    BusStatistics statistics;
    statistics.perStation.assign(STATIONS, 0);
    AccessDelayRecorder recorder(devices.GetN(), STATIONS, statistics);
    background.Get<EthernetBackgroundTraffic>()->TraceConnectWithoutContext(
        "Offered",
        MakeCallback(&AccessDelayRecorder::Offered, &recorder));
    channel->TraceConnectWithoutContext("TransmissionStart",
                                        MakeCallback(&AccessDelayRecorder::Started, &recorder));
    Simulator::Stop(duration);
    Simulator::Run();
    statistics.offered = channel->GetBackgroundFramesOffered();
    statistics.deferrals = channel->GetDeferrals();
    statistics.collisions = channel->GetCollisions();
    Simulator::Destroy();
    return statistics;
}

/**
 * @ingroup ethernet-tests
 * @brief The aggregate draw (one Poisson process for all stations, the station drawn at each
 * arrival) gives the bus what the per-station draw (a Poisson process per station) gives: the
 * same offered rate, share of attempts that defer, collisions per frame, mean access delay,
 * and frames spread evenly over the stations, within tolerances a wrong draw breaks.
 */
class EthernetBackgroundArrivalsTestCase : public TestCase
{
  public:
    EthernetBackgroundArrivalsTestCase()
        : TestCase("aggregate and per-station arrivals: same deferrals, collisions, delays")
    {
    }

  private:
    /**
     * Sums several runs of one way of drawing.
     * @param arrivals "Aggregate" or "PerStation"
     * @param firstRun the first random run number
     * @return the runs' statistics added up
     */
    static BusStatistics Runs(const std::string& arrivals, uint64_t firstRun)
    {
        BusStatistics total;
        total.perStation.assign(STATIONS, 0);
        for (uint64_t run = firstRun; run < firstRun + RUNS; ++run)
        {
            const BusStatistics one = RunBackground(arrivals, LOAD, DURATION, run);
            total.offered += one.offered;
            total.deferrals += one.deferrals;
            total.collisions += one.collisions;
            total.accessDelaySum += one.accessDelaySum;
            total.accessDelayCount += one.accessDelayCount;
            for (uint32_t k = 0; k < STATIONS; ++k)
            {
                total.perStation[k] += one.perStation[k];
            }
        }
        return total;
    }

    /**
     * @param counts frames offered at each station
     * @return Pearson's chi-square statistic against the same count at every station
     */
    static double ChiSquare(const std::vector<double>& counts)
    {
        double total = 0;
        for (double c : counts)
        {
            total += c;
        }
        const double expected = total / counts.size();
        double chi2 = 0;
        for (double c : counts)
        {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        return chi2;
    }

    void DoRun() override
    {
        const BusStatistics aggregate = Runs("Aggregate", 1);
        const BusStatistics perStation = Runs("PerStation", 101);
        const double seconds = RUNS * DURATION.GetSeconds();
        // 30 % of 10 Mbit/s in frames of 0.9 × 64 + 0.1 × 1518 = 209.4 bytes on average.
        const double rate = LOAD * 10e6 / (8 * 209.4);
        // About 143,000 frames each: the Poisson count's relative spread is 0.3 %.
        NS_TEST_EXPECT_MSG_EQ_TOL(aggregate.offered / seconds, rate, 0.02 * rate, "aggregate rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(perStation.offered / seconds,
                                  rate,
                                  0.02 * rate,
                                  "per-station rate");
        // Frames per station: chi-square with 147 degrees of freedom (mean 147, standard
        // deviation 17); 220 is beyond its 99.99th percentile.
        NS_TEST_EXPECT_MSG_LT(ChiSquare(aggregate.perStation), 220.0, "aggregate spread evenly");
        NS_TEST_EXPECT_MSG_LT(ChiSquare(perStation.perStation), 220.0, "per-station spread");
        // What the bus makes of the frames. Over these runs the spread from run to run gives
        // the difference of the two means standard errors of about 1.6 % (deferrals per
        // frame), 2.0 % (collisions per frame) and 2.2 % (access delay); each tolerance is
        // three of them, so that a draw off by 6-7 % fails.
        const double deferA = aggregate.deferrals / aggregate.offered;
        const double deferP = perStation.deferrals / perStation.offered;
        NS_TEST_EXPECT_MSG_EQ_TOL(deferA, deferP, 0.05 * deferP, "deferrals per frame");
        const double collideA = aggregate.collisions / aggregate.offered;
        const double collideP = perStation.collisions / perStation.offered;
        NS_TEST_EXPECT_MSG_EQ_TOL(collideA, collideP, 0.06 * collideP, "collisions per frame");
        const double delayA = aggregate.accessDelaySum / aggregate.accessDelayCount;
        const double delayP = perStation.accessDelaySum / perStation.accessDelayCount;
        NS_TEST_EXPECT_MSG_EQ_TOL(delayA, delayP, 0.07 * delayP, "mean access delay");
        NS_TEST_EXPECT_MSG_GT(aggregate.collisions, 1000.0, "enough collisions to compare");
    }

    /// Runs per way of drawing.
    static constexpr uint64_t RUNS = 8;
    /// Load of the background stations: high enough for frequent collisions.
    static constexpr double LOAD = 0.3;
    /// Length of each run.
    inline static const Time DURATION = Seconds(10);
};

/**
 * @ingroup ethernet-tests
 * @brief A frame offered to a background station in the very time step the station starts
 * sending its previous frame (two arrivals a nanosecond apart, or an arrival when the station's
 * deferral ends) goes after that frame and one inter-frame gap. A station senses carrier only
 * just after the first bit, so the MAC once started the new frame at once and aborted ("station
 * N starts while still sending"; seen on Subnet 26 at 35 % load).
 */
class EthernetOfferWhileStartingTestCase : public TestCase
{
  public:
    EthernetOfferWhileStartingTestCase()
        : TestCase("a frame offered as the station starts sending goes after it and a gap")
    {
    }

  private:
    void DoRun() override
    {
        // The MAC alone, with two background stations 2165 ns apart; the channel only
        // counts and traces what the MAC tells it.
        Ptr<EthernetBusChannel> channel = CreateObject<EthernetBusChannel>();
        EthernetCsmaCd mac(PeekPointer(channel));
        EthernetCsmaCd::Timing timing;
        timing.bitRate = 10'000'000;
        timing.gap = GAP.GetTimeStep();
        timing.gapPart1 = NanoSeconds(6400).GetTimeStep();
        timing.slot = NanoSeconds(51200).GetTimeStep();
        timing.jam = NanoSeconds(3200).GetTimeStep();
        timing.preamble = NanoSeconds(6400).GetTimeStep();
        timing.propagation = APART.GetTimeStep();
        mac.Configure(timing, CreateObject<ConstantRandomVariable>());
        mac.AddStation(0, -1, Simulator::NO_CONTEXT);
        mac.AddStation(APART.GetTimeStep(), -1, Simulator::NO_CONTEXT);
        std::vector<std::pair<uint32_t, Time>> starts;
        uint32_t stationZeroStarts = 0;
        channel->TraceConnectWithoutContext(
            "TransmissionStart",
            Callback<void, uint32_t, uint32_t>([&](uint32_t station, uint32_t /* attempts */) {
                starts.emplace_back(station, Simulator::Now());
                if (station == 0 && (++stationZeroStarts == 1 || stationZeroStarts == 3))
                {
                    // Another frame for station 0, after this start in the same time step.
                    Simulator::ScheduleNow(&EthernetCsmaCd::Offer, &mac, 0u, SMALL, false);
                }
            }));
        // Station 0 starts its first frame at once at 1 us; the frame offered in that time
        // step waits for it. Station 1 then sends a large frame; station 0's third frame,
        // offered while that passes, defers to it; the deferral ends, station 0 starts, and
        // the frame offered in that time step waits again.
        const Time first = MicroSeconds(1);
        const Time large = MicroSeconds(200);
        Simulator::Schedule(first, &EthernetCsmaCd::Offer, &mac, 0u, SMALL, false);
        Simulator::Schedule(large, &EthernetCsmaCd::Offer, &mac, 1u, LARGE, false);
        Simulator::Schedule(large + MicroSeconds(100),
                            &EthernetCsmaCd::Offer,
                            &mac,
                            0u,
                            SMALL,
                            false);
        Simulator::Run();

        const Time small = TxTime(SMALL);
        const Time deferred = large + TxTime(LARGE) + APART + GAP;
        const std::vector<std::pair<uint32_t, Time>> expected = {
            {0, first},
            {0, first + small + GAP},
            {1, large},
            {0, deferred},
            {0, deferred + small + GAP},
        };
        NS_TEST_ASSERT_MSG_EQ(starts.size(), expected.size(), "every frame starts once");
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(starts[k].first, expected[k].first, "station of start " << k);
            NS_TEST_EXPECT_MSG_EQ(starts[k].second, expected[k].second, "time of start " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(channel->GetCollisions(), 0u, "nobody collides");
        NS_TEST_EXPECT_MSG_EQ(channel->GetBackgroundFramesSent(), 5u, "all sent");
        mac.Clear();
        channel->Dispose();
        Simulator::Destroy();
    }

    /**
     * @param bytes a frame's size (bytes, destination address to FCS)
     * @return its transmission time at 10 Mbit/s, preamble included
     */
    static Time TxTime(uint32_t bytes)
    {
        return NanoSeconds(100 * (64 + 8 * int64_t{bytes}));
    }

    /// A small frame (bytes).
    static constexpr uint32_t SMALL = 64;
    /// A large frame (bytes).
    static constexpr uint32_t LARGE = 1518;
    /// The inter-frame gap: 96 bit times.
    inline static const Time GAP = NanoSeconds(9600);
    /// How far apart the two stations are: the longest cable's propagation delay.
    inline static const Time APART = NanoSeconds(2165);
};

/**
 * @ingroup ethernet-tests
 * @brief The ethernet-background-traffic test suite.
 */
class EthernetBackgroundTrafficTestSuite : public TestSuite
{
  public:
    EthernetBackgroundTrafficTestSuite()
        : TestSuite("ethernet-background-traffic", Type::UNIT)
    {
        AddTestCase(new EthernetBackgroundArrivalsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new EthernetOfferWhileStartingTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance registering the suite.
static EthernetBackgroundTrafficTestSuite g_ethernetBackgroundTrafficTestSuite;

} // namespace
