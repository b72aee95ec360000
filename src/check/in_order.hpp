// Work on several threads, results in the order of the work: what `-j N` needs, so that a run
// on N threads writes exactly what a run on one writes.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace ironlog {

// The number of threads `-j 0` means: one a core.
unsigned all_cores();

// Takes tasks from next (on the calling thread) until it has none, runs work on each on `jobs`
// threads, and hands each result to done on the calling thread, in the order the tasks came.
// At most 2 x jobs tasks are taken ahead of the oldest result not yet handed over, so memory is
// bounded whatever the number of tasks. An exception thrown by work is thrown again by
// run_in_order when its task's turn comes; one thrown by next or done stops the threads first.
// With jobs <= 1 everything runs on the calling thread, one task at a time.
template <class Task, class Result>
void run_in_order(unsigned jobs, const std::function<std::optional<Task>()>& next,
                  const std::function<Result(Task&&)>& work, const std::function<void(Result&&)>& done) {
    if (jobs <= 1) {
        while (auto task = next()) done(work(std::move(*task)));
        return;
    }
    struct Slot {
        std::optional<Task> task;
        std::optional<Result> result;
        std::exception_ptr error;
    };
    std::mutex mutex;
    std::condition_variable task_ready, result_ready;
    std::deque<Slot> slots;        // the tasks taken and not yet handed back, oldest first
    std::size_t oldest = 0;        // the number of the task in slots.front()
    std::size_t untaken = 0;       // the number of the first task no thread has begun
    bool stop = false;

    auto worker = [&] {
        std::unique_lock<std::mutex> lock(mutex);
        for (;;) {
            task_ready.wait(lock, [&] { return stop || untaken < oldest + slots.size(); });
            if (stop) return;
            const std::size_t number = untaken++;
            Task task = std::move(*slots[number - oldest].task);
            slots[number - oldest].task.reset();
            lock.unlock();
            std::optional<Result> result;
            std::exception_ptr error;
            try {
                result.emplace(work(std::move(task)));
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            // slots only loses its front, which is this task or a later one only once handed back
            Slot& slot = slots[number - oldest];
            slot.result = std::move(result);
            slot.error = error;
            result_ready.notify_all();
        }
    };
    std::vector<std::thread> threads;
    // The threads are stopped and joined however this function is left.
    struct Join {
        std::vector<std::thread>& threads;
        std::mutex& mutex;
        std::condition_variable& task_ready;
        bool& stop;
        ~Join() {
            {
                std::lock_guard<std::mutex> lock(mutex);
                stop = true;
            }
            task_ready.notify_all();
            for (auto& t : threads) t.join();
        }
    } join{threads, mutex, task_ready, stop};
    for (unsigned i = 0; i < jobs; ++i) threads.emplace_back(worker);

    const std::size_t ahead = 2 * static_cast<std::size_t>(jobs);
    bool more = true;
    for (;;) {
        std::size_t held = 0;
        {
            std::lock_guard<std::mutex> lock(mutex);
            held = slots.size();
        }
        while (more && held < ahead) {
            std::optional<Task> task = next();
            if (!task) {
                more = false;
                break;
            }
            {
                std::lock_guard<std::mutex> lock(mutex);
                slots.push_back(Slot{std::move(task), std::nullopt, nullptr});
                held = slots.size();
            }
            task_ready.notify_one();
        }
        if (held == 0) return;
        std::optional<Result> result;
        std::exception_ptr error;
        {
            std::unique_lock<std::mutex> lock(mutex);
            result_ready.wait(lock, [&] { return slots.front().result.has_value() || slots.front().error; });
            result = std::move(slots.front().result);
            error = slots.front().error;
            slots.pop_front();
            ++oldest;
        }
        if (error) std::rethrow_exception(error);
        done(std::move(*result));
    }
}

}  // namespace ironlog
