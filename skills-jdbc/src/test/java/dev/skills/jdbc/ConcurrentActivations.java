package dev.skills.jdbc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.skills.core.activation.ActiveSkill;

/**
 * The concurrency workload of the acceptance criteria: 50 threads activating skills in
 * 200 conversations, 40 activations each, with conversations and skills overlapping
 * between threads.
 */
public final class ConcurrentActivations {

	/** How many threads activate at once. */
	public static final int THREADS = 50;

	/** How many conversations they share. */
	public static final int CONVERSATIONS = 200;

	private static final int PER_THREAD = 40;

	private ConcurrentActivations() {
	}

	/**
	 * Run the workload.
	 * @param skills the skill names to activate
	 * @param activation one activation (it may also check what it can read back)
	 * @return every "conversation/skill" pair activated
	 * @throws Exception when an activation failed or the workload did not finish in time
	 */
	public static Set<String> run(List<String> skills, Activation activation) throws Exception {
		Set<String> activated = ConcurrentHashMap.newKeySet();
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int thread = t;
				futures.add(threads.submit(() -> {
					for (int i = 0; i < PER_THREAD; i++) {
						String conversation = "conversation-" + ((thread * 7 + i * 5) % CONVERSATIONS);
						String skill = skills.get((thread + i) % skills.size());
						activation.activate(conversation, skill, thread + i);
						activated.add(conversation + "/" + skill);
					}
					return null;
				}));
			}
			for (Future<?> future : futures) {
				future.get(100, TimeUnit.SECONDS);
			}
		}
		finally {
			threads.shutdownNow();
		}
		return activated;
	}

	/**
	 * The "conversation/skill" pairs a store lists.
	 * @param conversations what {@code findAll} returned
	 * @return the pairs
	 */
	public static Set<String> pairs(Map<String, List<ActiveSkill>> conversations) {
		Set<String> pairs = new HashSet<>();
		conversations
			.forEach((conversation, skills) -> skills.forEach((skill) -> pairs.add(conversation + "/" + skill.name())));
		return pairs;
	}

	/**
	 * One activation of the workload.
	 */
	@FunctionalInterface
	public interface Activation {

		/**
		 * Activate a skill.
		 * @param conversation the conversation
		 * @param skill the skill name
		 * @param step a number that differs between activations of one thread
		 * @throws Exception when it fails
		 */
		void activate(String conversation, String skill, int step) throws Exception;

	}

}
