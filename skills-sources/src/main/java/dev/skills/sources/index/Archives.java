package dev.skills.sources.index;

import java.io.ByteArrayInputStream;
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
import dev.skills.sources.FetchBudget;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.jspecify.annotations.Nullable;

/**
 * Unpacks a skill's verified archive ({@code .zip} or {@code .tar.gz}, told apart by
 * their first bytes) into its folder under the folder rules: no absolute path, no
 * {@code ..}, no link that leaves the skill (links are never created), every entry and
 * every byte counted against the revision's limits. An archive that breaks a rule is not
 * used at all. An archive whose files are all in one folder with the {@code SKILL.md} is
 * unpacked without that folder.
 */
final class Archives {

	private Archives() {
	}

	/**
	 * Unpack an archive.
	 * @param archive the archive's bytes, digest verified
	 * @param into the skill's folder, which must not exist yet
	 * @param budget the revision's limits
	 * @throws UnusableSkillException when the archive breaks a rule or cannot be read
	 * @throws IOException when a limit is passed or the folder cannot be written
	 */
	static void unpack(byte[] archive, Path into, FetchBudget budget) throws UnusableSkillException, IOException {
		Files.createDirectories(into);
		try {
			if (archive.length > 4 && archive[0] == 'P' && archive[1] == 'K') {
				unzip(archive, into, budget);
			}
			else if (archive.length > 2 && (archive[0] & 0xff) == 0x1f && (archive[1] & 0xff) == 0x8b) {
				untar(archive, into, budget);
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

	/**
	 * A path inside a skill's folder as an archive or an index names it: separators made
	 * {@code /}, empty and {@code .} segments dropped.
	 * @param raw the path as given
	 * @return the path, or {@code null} when it is absolute, climbs with {@code ..},
	 * holds a NUL or names nothing
	 */
	static @Nullable String safePath(@Nullable String raw) {
		if (raw == null || raw.indexOf('\0') >= 0) {
			return null;
		}
		String path = raw.replace('\\', '/');
		if (path.startsWith("/") || path.matches("^[A-Za-z]:.*")) {
			return null;
		}
		List<String> segments = new ArrayList<>();
		for (String segment : path.split("/")) {
			if (segment.equals("..")) {
				return null;
			}
			if (!segment.isEmpty() && !segment.equals(".")) {
				segments.add(segment);
			}
		}
		return segments.isEmpty() ? null : String.join("/", segments);
	}

	private static void unzip(byte[] archive, Path into, FetchBudget budget)
			throws UnusableSkillException, IOException {
		try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive))) {
			for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
				budget.file();
				Path target = target(into, entry.getName());
				if (target != null && !entry.isDirectory()) {
					write(zip, target, budget);
				}
			}
		}
	}

	private static void untar(byte[] archive, Path into, FetchBudget budget)
			throws UnusableSkillException, IOException {
		try (TarArchiveInputStream tar = new TarArchiveInputStream(
				new GZIPInputStream(new ByteArrayInputStream(archive)))) {
			for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
				budget.file();
				Path target = target(into, entry.getName());
				if (target == null) {
					continue;
				}
				if (entry.isSymbolicLink() || entry.isLink()) {
					// Never created; one that points out of the skill makes the archive
					// unusable.
					String link = entry.getLinkName().replace('\\', '/');
					Path base = entry.isSymbolicLink() ? target.getParent() : into;
					if (link.startsWith("/") || link.matches("^[A-Za-z]:.*")
							|| !base.resolve(link).normalize().startsWith(into)) {
						throw new UnusableSkillException(
								"archive entry '" + ModelText.echo(entry.getName()) + "' links out of the skill");
					}
				}
				else if (entry.isFile()) {
					write(tar, target, budget);
				}
			}
		}
	}

	// Where an entry goes; null for the folder itself ("./").
	private static @Nullable Path target(Path into, String name) throws UnusableSkillException {
		String path = safePath(name);
		if (path == null && name.replace('\\', '/').matches("\\.?(/\\.?)*/?") && !name.startsWith("/")) {
			return null;
		}
		Path target = (path != null) ? into.resolve(path).normalize() : null;
		if (target == null || !target.startsWith(into) || target.equals(into)) {
			throw new UnusableSkillException("archive entry '" + ModelText.echo(name) + "' leaves the skill's folder");
		}
		return target;
	}

	private static void write(InputStream in, Path target, FetchBudget budget) throws IOException {
		Files.createDirectories(target.getParent());
		byte[] buffer = new byte[16 * 1024];
		try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW,
				StandardOpenOption.WRITE)) {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				budget.bytes(read);
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
