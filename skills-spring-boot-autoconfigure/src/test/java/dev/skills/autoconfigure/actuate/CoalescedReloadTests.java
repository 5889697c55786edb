package dev.skills.autoconfigure.actuate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.autoconfigure.TestSkills;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Concurrent {@code POST /actuator/skills} requests share rescans.
 */
class CoalescedReloadTests {

	@TempDir
	Path dir;

	@Test
	@Timeout(60)
	void whenFiftyReloadsArriveAtOnceThenAFewRescansServeThemAllAndEachSeesItsChange() throws Exception {
		TestSkills.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		CountingRegistry registry = new CountingRegistry(SkillConfig.builder().skillsDir(this.dir.toString()).build());
		SkillsEndpoint endpoint = new SkillsEndpoint(registry, false);
		TestSkills.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
		ExecutorService threads = Executors.newFixedThreadPool(50);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<Future<SkillsEndpoint.ReloadDescriptor>> answers = new ArrayList<>();
			for (int i = 0; i < 50; i++) {
				answers.add(threads.submit(() -> {
					start.await();
					return endpoint.reload();
				}));
			}
			start.countDown();
			for (Future<SkillsEndpoint.ReloadDescriptor> answer : answers) {
				assertThat(answer.get(30, TimeUnit.SECONDS).generation()).isGreaterThan(1);
			}
		}
		finally {
			threads.shutdownNow();
			registry.close();
		}
		assertThat(registry.names()).contains("csv-cleaning");
		// Without coalescing every request rescans: 50.
		assertThat(registry.rescans.get()).isBetween(1, 10);
	}

	static final class CountingRegistry extends SkillsRegistry {

		final AtomicInteger rescans = new AtomicInteger();

		CountingRegistry(SkillConfig config) {
			super(config);
			discover(config.skillsDir());
		}

		@Override
		public SkillsChange reload() {
			this.rescans.incrementAndGet();
			SkillsChange change = super.reload();
			try {
				// A rescan of a large tree takes time: let the requests overlap.
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return change;
		}

	}

}
