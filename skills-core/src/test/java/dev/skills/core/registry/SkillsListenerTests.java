package dev.skills.core.registry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.util.FileSystemUtils;

import static dev.skills.test.SkillFixtures.skill;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Listeners are told of changes off the thread that applies them, each in order and apart
 * from the others, with the snapshot each change produced; one that falls behind gets
 * what it missed as one change.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillsListenerTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path root;

	private SkillsRegistry registry;

	// Holds a listener that waits for it until the test lets it go.
	private final CountDownLatch release = new CountDownLatch(1);

	@BeforeEach
	void setUp() {
		skill(this.root, "alpha");
		skill(this.root, "beta");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.root.toString()).build());
	}

	@AfterEach
	void tearDown() {
		this.release.countDown();
		this.registry.close();
	}

	@Test
	void editIsVisibleWhileListenerSleeps() {
		List<SkillsChange> told = new CopyOnWriteArrayList<>();
		List<String> betaAsTold = new CopyOnWriteArrayList<>();
		CountDownLatch sleeping = new CountDownLatch(1);
		this.registry.addListener((change) -> {
			sleeping.countDown();
			sleep(Duration.ofSeconds(3));
			told.add(change);
			betaAsTold.add(change.snapshot().get("beta").map(SkillMeta::description).orElseThrow());
		});
		SkillsChange first = edit("alpha", "Alpha, edited.");
		// Changes that wait together are told as one: the second edit comes mid-sleep.
		await().atMost(WAIT).until(() -> sleeping.getCount() == 0);

		long start = System.nanoTime();
		SkillsChange second = edit("beta", "Beta, edited.");

		assertThat(this.registry.get("beta")).get().extracting(SkillMeta::description).isEqualTo("Beta, edited.");
		// The time is the behaviour: the listener sleeps 3 s, the edit takes far less.
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
		await().atMost(WAIT).untilAsserted(() -> assertThat(told).containsExactly(first, second));
		// Read after the sleep, when the registry was newer: the first change's own
		// snapshot.
		assertThat(betaAsTold).containsExactly("Does beta things.", "Beta, edited.");
		assertThat(told)
			.allSatisfy((change) -> assertThat(change.snapshot().generation()).isEqualTo(change.generation()));
		assertThat(second.generation()).isEqualTo(first.generation() + 1);
	}

	@Test
	void laggingListenerGetsMissedAsOne() {
		List<SkillsChange> told = new CopyOnWriteArrayList<>();
		this.registry.addListener((change) -> {
			told.add(change);
			awaitRelease();
		});
		SkillsChange held = edit("alpha", "Alpha, edited.");
		await().atMost(WAIT).until(() -> told.size() == 1);
		skill(this.root, "gamma");
		this.registry.reload();
		delete("gamma");
		this.registry.reload();
		edit("beta", "Beta, edited.");
		delete("alpha");
		SkillsChange last = this.registry.reload();

		this.release.countDown();

		await().atMost(WAIT).until(() -> told.size() == 2);
		SkillsChange missed = told.get(1);
		assertThat(told.get(0)).isEqualTo(held);
		assertThat(missed.added()).isEmpty();
		assertThat(missed.changed()).containsExactly("beta");
		assertThat(missed.removed()).containsExactly("alpha");
		assertThat(missed.snapshot()).isSameAs(last.snapshot());
	}

	@Test
	void slowListenerHoldsBackNoOther() {
		this.registry.addListener((change) -> awaitRelease());
		List<SkillsChange> other = new CopyOnWriteArrayList<>();
		this.registry.addListener(other::add);

		SkillsChange first = edit("alpha", "Alpha, edited.");
		// Changes that wait together are told as one: the second comes after the first.
		await().atMost(WAIT).untilAsserted(() -> assertThat(other).containsExactly(first));
		SkillsChange second = edit("beta", "Beta, edited.");

		await().atMost(WAIT).untilAsserted(() -> assertThat(other).containsExactly(first, second));
	}

	@Test
	void failingListenerIsToldAgain(CapturedOutput output) {
		List<SkillsChange> told = new CopyOnWriteArrayList<>();
		this.registry.addListener((change) -> {
			told.add(change);
			if (told.size() == 1) {
				throw new IllegalStateException("listener broke");
			}
		});

		edit("alpha", "Alpha, edited.");
		await().atMost(WAIT).until(() -> output.getOut().contains("A skills listener failed"));
		SkillsChange second = edit("beta", "Beta, edited.");

		await().atMost(WAIT).untilAsserted(() -> assertThat(told).hasSize(2).last().isEqualTo(second));
		assertThat(output.getOut()).contains("listener broke");
	}

	@Test
	void currentSkillsComeFirstWhenAsked() {
		List<SkillsChange> told = new CopyOnWriteArrayList<>();
		SkillsSnapshot current = this.registry.snapshot();

		this.registry.addListener(told::add, true);
		// An edit that came while the current skills still waited to be told would be
		// told with them as one change (a listener has one pending change): edit after.
		await().atMost(WAIT).until(() -> told.size() == 1);
		SkillsChange edit = edit("alpha", "Alpha, edited.");

		await().atMost(WAIT).until(() -> told.size() == 2);
		assertThat(told.get(0).added()).containsExactlyInAnyOrder("alpha", "beta");
		assertThat(told.get(0).snapshot()).isSameAs(current);
		assertThat(told.get(1)).isEqualTo(edit);
	}

	@Test
	void removedListenerHearsNoMore() {
		List<SkillsChange> told = new CopyOnWriteArrayList<>();
		SkillsListener listener = told::add;
		this.registry.addListener(listener);
		List<SkillsChange> stays = new CopyOnWriteArrayList<>();
		this.registry.addListener(stays::add);
		edit("alpha", "Alpha, edited.");
		await().atMost(WAIT).until(() -> told.size() == 1);

		this.registry.removeListener(listener);
		SkillsChange second = edit("beta", "Beta, edited.");

		await().atMost(WAIT).until(() -> stays.contains(second));
		assertThat(told).hasSize(1);
	}

	@Test
	void closeEndsTheListenerThread() {
		AtomicReference<Thread> thread = new AtomicReference<>();
		this.registry.addListener((change) -> {
			thread.set(Thread.currentThread());
			awaitRelease();
		});
		edit("alpha", "Alpha, edited.");
		await().atMost(WAIT).until(() -> thread.get() != null);
		assertThat(thread.get()).isNotSameAs(Thread.currentThread());

		this.registry.close();

		await().atMost(WAIT).until(() -> !thread.get().isAlive());
	}

	private SkillsChange edit(String name, String description) {
		Path folder = skill(this.root, name, description, "Instructions of " + name + ".");
		return this.registry.refresh(List.of(folder.resolve("SKILL.md")));
	}

	private void delete(String name) {
		FileSystemUtils.deleteRecursively(this.root.resolve(name).toFile());
	}

	// What the slow listener does: the behaviour under test, not a wait for something.
	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void awaitRelease() {
		try {
			this.release.await(WAIT.toSeconds(), TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
