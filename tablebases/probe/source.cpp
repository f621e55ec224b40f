#include "tablebases/probe/source.h"

#include "engine/checkers/movegen.h"

namespace retrocheck::tb {

const char* to_string(ProbeStatus s) {
    switch (s) {
        case ProbeStatus::Ok:
            return "ok";
        case ProbeStatus::NotStored:
            return "not stored";
        case ProbeStatus::Missing:
            return "missing";
        case ProbeStatus::Corrupt:
            return "corrupt";
        case ProbeStatus::TooMuchWork:
            return "too much work";
    }
    return "?";
}

ProbeResult CaptureFreeSource::probe(const checkers::Position& pos) const {
    if (checkers::either_side_can_capture(pos))
        return {ProbeStatus::NotStored, Outcome::draw(), {}};
    return full_.probe(pos);
}

}  // namespace retrocheck::tb
