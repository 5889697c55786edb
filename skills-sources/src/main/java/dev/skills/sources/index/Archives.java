package dev.skills.sources.index;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.CheckoutPaths;
import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.jspecify.annotations.Nullable;

/**
 * Unpacks a skill's verified archive ({@code .zip} or {@code .tar.gz}, told apart by
 * their first bytes) into its folder under the folder rules ({@link CheckoutPaths}: no
 * absolute path, no {@code ..}, nothing too long or too deep), and no link that leaves
 * the skill (links are never created). Every entry counts against the revision's files
 * and every inflated byte against its bytes, the entries left out too (folders, links),
 * so an archive that inflates without end stops at the budget. An archive that breaks a
 * rule is not used at all. An archive whose files are all in one folder with the
 * {@code SKILL.md} is unpacked without that folder.
 */
final class Archives {

	private static final int BUFFER = 16 * 1024;

	private Archives() {
	}

	/**
	 * Unpack an archive.
	 * @param archive the archive's file, digest verified
	 * @param into the skill's folder, empty
	 * @param budget the revision's budget
	 * @param deadline when the checkout must be over
	 * @throws UnusableSkillException when the archive breaks a rule or cannot be read
	 * @throws IOException when a limit is passed or the folder cannot be written
	 */
	static void unpack(Path archive, Path into, FetchBudget budget, Deadline deadline)
			throws UnusableSkillException, IOException {
		try (InputStream in = new BufferedInputStream(Files.newInputStream(archive))) {
			in.mark(2);
			int first = in.read();
			int second = in.read();
			in.reset();
			if (first == 'P' && second == 'K') {
				unzip(new ZipInputStream(in), into, budget, deadline);
			}
			else if (first == 0x1f && second == 0x8b) {
				untar(new TarArchiveInputStream(new GZIPInputStream(in)), into, budget, deadline);
			}
			else {
				throw new UnusableSkillException("the archive is neither .zip nor .tar.gz");
			}
		}
		catch (ZipException | FileAlreadyExistsException ex) {
			throw new UnusableSkillException(
					"the archive cannot be read: " + ModelText.echo(String.valueOf(ex.getMessage())));
		}
		hoist(into);
	}

	private static void unzip(ZipInputStream zip, Path into, FetchBudget budget, Deadline deadline)
			throws UnusableSkillException, IOException {
		for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
			budget.file();
			Path target = target(into, entry.getName());
			copy(zip, (target != null && !entry.isDirectory()) ? target : null, budget, deadline);
		}
	}

	private static void untar(TarArchiveInputStream tar, Path into, FetchBudget budget, Deadline deadline)
			throws UnusableSkillException, IOException {
		for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
			budget.file();
			Path target = target(into, entry.getName());
			boolean link = entry.isSymbolicLink() || entry.isLink();
			if (target != null && link) {
				// Never created; one that points out of the skill makes the archive
				// unusable.
				String linkName = entry.getLinkName().replace('\\', '/');
				Path base = entry.isSymbolicLink() ? target.getParent() : into;
				if (linkName.startsWith("/") || linkName.matches("^[A-Za-z]:.*")
						|| !base.resolve(linkName).normalize().startsWith(into)) {
					throw new UnusableSkillException(
							"archive entry '" + ModelText.echo(entry.getName()) + "' links out of the skill");
				}
			}
			copy(tar, (target != null && !link && entry.isFile()) ? target : null, budget, deadline);
		}
	}

	// Where an entry goes; null for the folder itself ("./").
	private static @Nullable Path target(Path into, String name) throws UnusableSkillException {
		String path;
		try {
			path = CheckoutPaths.normalize(name);
		}
		catch (IllegalArgumentException ex) {
			throw new UnusableSkillException("archive entry '" + ModelText.echo(name) + "' " + ex.getMessage());
		}
		return (path != null) ? into.resolve(path) : null;
	}

	// An entry's bytes, each one counted: into its file, or read and dropped for an entry
	// that is not written.
	private static void copy(InputStream in, @Nullable Path target, FetchBudget budget, Deadline deadline)
			throws IOException {
		if (target != null) {
			Files.createDirectories(target.getParent());
		}
		byte[] buffer = new byte[BUFFER];
		try (OutputStream out = (target != null)
				? Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
				: OutputStream.nullOutputStream()) {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				budget.bytes(read);
				deadline.check();
				out.write(buffer, 0, read);
			}
		}
	}

	// One folder holding everything, the SKILL.md among it: its content is the skill.
	private static void hoist(Path into) throws IOException {
		if (Files.exists(into.resolve("SKILL.md"), LinkOption.NOFOLLOW_LINKS)) {
			return;
		}
		List<Path> children = new ArrayList<>();
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(into)) {
			stream.forEach(children::add);
		}
		if (children.size() == 1 && Files.isDirectory(children.get(0), LinkOption.NOFOLLOW_LINKS)
				&& Files.isRegularFile(children.get(0).resolve("SKILL.md"), LinkOption.NOFOLLOW_LINKS)) {
			Path moved = into.resolveSibling("." + into.getFileName() + ".hoist");
			Files.move(children.get(0), moved, StandardCopyOption.ATOMIC_MOVE);
			Files.delete(into);
			Files.move(moved, into, StandardCopyOption.ATOMIC_MOVE);
		}
	}

}
